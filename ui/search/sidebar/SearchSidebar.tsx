import { ActionIcon, Box, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconCirclePlus, IconInfoCircle, IconPilcrow, IconSubscript } from "@tabler/icons-react";
import type { ComponentType, ReactNode } from "react";
import { useState } from "react";

/** Sidebar width and nav rail width (spec 001 §9). */
export const SIDEBAR_WIDTH = 270;
export const NAV_RAIL_WIDTH = 50;

export const SIDEBAR_SECTIONS = ["description", "create", "highlighting", "fields"] as const;
export type SidebarSection = (typeof SIDEBAR_SECTIONS)[number];

interface Props {
  /** The content of each section. */
  sections: Record<SidebarSection, ReactNode>;
  initialSection?: SidebarSection | null;
}

/**
 * The search page's left sidebar (spec 001 §2 'Sidebar'), pinned inline: a nav rail of section icons; clicking
 * the active section closes the panel.
 */
export function SearchSidebar({ sections, initialSection = "description" }: Props) {
  const [active, setActive] = useState<SidebarSection | null>(initialSection);
  return (
    <Group gap={0} align="stretch" wrap="nowrap" data-testid="search-sidebar" style={{ flexShrink: 0 }}>
      <Stack
        gap="xs"
        w={NAV_RAIL_WIDTH}
        py="sm"
        align="center"
        style={{ borderRight: "1px solid var(--mantine-color-default-border)" }}
        component="nav"
        aria-label="Search sidebar"
      >
        {SIDEBAR_SECTIONS.map((section) => {
          const { title, Icon } = SECTION_META[section];
          return (
            <Tooltip key={section} label={title} position="right">
              <ActionIcon
                variant={active === section ? "filled" : "subtle"}
                size="lg"
                aria-label={title}
                aria-pressed={active === section}
                onClick={() => setActive((current) => (current === section ? null : section))}
              >
                <Icon size={20} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Stack>
      {active && (
        <Box
          w={SIDEBAR_WIDTH}
          p="sm"
          style={{ borderRight: "1px solid var(--mantine-color-default-border)" }}
          role="region"
          aria-label={SECTION_META[active].title}
        >
          <Title order={2} size="h4" mb="sm">{SECTION_META[active].title}</Title>
          {sections[active]}
        </Box>
      )}
    </Group>
  );
}

const SECTION_META: Record<SidebarSection, { title: string; Icon: ComponentType<{ size?: number }> }> = {
  description: { title: "Description", Icon: IconInfoCircle },
  create: { title: "Create", Icon: IconCirclePlus },
  highlighting: { title: "Highlighting", Icon: IconPilcrow },
  fields: { title: "Fields", Icon: IconSubscript },
};

interface DescriptionProps {
  durationMs: number | null;
  executedAt: string | null;
  formatTime: (iso: string) => string;
}

/** The Description section of an unsaved search. */
export function DescriptionSection({ durationMs, executedAt, formatTime }: DescriptionProps) {
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="sidebar-execution">
        {durationMs === null
          ? "No query executed yet."
          : `Query executed in ${durationMs} ms${executedAt ? ` at ${formatTime(executedAt)}` : ""}.`}
      </Text>
      <Text size="sm" c="dimmed" fs="italic">This search has no summary.</Text>
      <Text size="sm" c="dimmed" fs="italic">This search has no description.</Text>
      <Text size="xs" c="dimmed">
        Save the search or export it to a dashboard to add a custom summary and description.
      </Text>
    </Stack>
  );
}
