import { ActionIcon, Badge, Group, Text, UnstyledButton } from "@mantine/core";
import { IconHome, IconNotes } from "@tabler/icons-react";
import { useAtom } from "jotai";
import { Link } from "react-router";
import { paths } from "../../shared/paths.ts";
import { pageConfig } from "../api/page-config.ts";
import { scratchpadOpenAtom } from "../scratchpad/scratchpad-state.ts";
import { IfPermitted } from "../session/IfPermitted.tsx";
import { NAVBAR_HEIGHT } from "../theme/theme.ts";
import { Breadcrumb } from "./Breadcrumb.tsx";
import { HeaderBadge } from "./HeaderBadge.tsx";
import { HelpMenu } from "./HelpMenu.tsx";
import { NavItem } from "./NavItem.tsx";
import { NotificationBadge } from "./NotificationBadge.tsx";
import { SystemMenu } from "./SystemMenu.tsx";
import { ThroughputIndicator } from "./ThroughputIndicator.tsx";
import { UserMenu } from "./UserMenu.tsx";

/** The top navigation (spec 000 §2.3). */
export function Navigation() {
  const [scratchpadOpen, setScratchpadOpen] = useAtom(scratchpadOpenAtom);
  const config = pageConfig();
  return (
    <Group
      component="nav"
      h={NAVBAR_HEIGHT}
      px="md"
      justify="space-between"
      wrap="nowrap"
      style={{
        borderBottom: "1px solid var(--mantine-color-default-border)",
        background: "var(--mantine-color-body)",
        // On a phone the items do not fit: the bar scrolls sideways, so that the menus at its end stay reachable.
        overflowX: "auto",
        overflowY: "hidden",
        scrollbarWidth: "thin",
      }}
    >
      {/* Neither side shrinks: on a phone the bar scrolls instead (each item keeps its width). */}
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <UnstyledButton component={Link} to={paths.root.href()} aria-label={`${config.productName} home`} mr="sm">
          <Group gap={6} wrap="nowrap">
            <SluiceMark />
            <Text fw={800} size="lg" c="sluice">{config.productName}</Text>
          </Group>
        </UnstyledButton>
        <NavItem to={paths.search.href()} label="Search" matchPrefix />
        <NavItem to={paths.streams.href()} label="Streams" matchPrefix />
        <NavItem to={paths.alerts.href()} label="Alerts" matchPrefix />
        <NavItem to={paths.dashboards.href()} label="Dashboards" matchPrefix />
        <SystemMenu />
        <Breadcrumb />
      </Group>
      <Group gap="xs" wrap="nowrap" preventGrowOverflow={false} style={{ flexShrink: 0 }}>
        <IfPermitted permissions="metrics:read">
          <ThroughputIndicator />
        </IfPermitted>
        <IfPermitted permissions="notifications:read">
          <NotificationBadge />
        </IfPermitted>
        {config.devMode && <Badge color="orange">DEV</Badge>}
        <IfPermitted permissions="clusterconfigentry:read">
          <HeaderBadge />
        </IfPermitted>
        <ActionIcon
          variant={scratchpadOpen ? "light" : "subtle"}
          color={scratchpadOpen ? undefined : "gray"}
          size="lg"
          aria-label="Scratchpad"
          title="Scratchpad"
          onClick={() => setScratchpadOpen(!scratchpadOpen)}
          data-testid="scratchpad-toggle"
        >
          <IconNotes size={20} />
        </ActionIcon>
        <HelpMenu />
        <ActionIcon component={Link} to={paths.welcome.href()} variant="subtle" color="gray" size="lg" aria-label="Welcome" title="Welcome">
          <IconHome size={20} />
        </ActionIcon>
        <UserMenu />
      </Group>
    </Group>
  );
}

function SluiceMark() {
  return (
    <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="2" y="2" width="28" height="28" rx="7" fill="var(--mantine-primary-color-filled)" />
      <path d="M7 11h18M7 16h13M7 21h8" stroke="white" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
