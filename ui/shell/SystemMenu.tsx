import { Button, Menu } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { isAnyPermitted, isPermitted } from "../../shared/permissions.ts";
import { pageConfig } from "../api/page-config.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import { SYSTEM_SECTIONS, systemMenuTitle, systemSectionOf } from "./system-sections.ts";

/** The System dropdown: every section the user may see, titled 'System / {section}' on its pages. */
export function SystemMenu() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const config = pageConfig();
  const current = systemSectionOf(pathname);
  const visible = SYSTEM_SECTIONS.filter((section) =>
    (section.visible?.(config) ?? true) &&
    (section.anyPermissions ? isAnyPermitted(user.permissions, section.permissions) : isPermitted(user.permissions, section.permissions))
  );
  const active = pathname.startsWith("/system") || pathname.startsWith("/security");
  return (
    <Menu position="bottom-start" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <Button variant={active ? "light" : "subtle"} color={active ? undefined : "gray"} rightSection={<IconChevronDown size={14} />} data-testid="system-menu">
          {systemMenuTitle(pathname)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {visible.map((section) => (
          <Menu.Item key={section.title} component={Link} to={section.href} color={section === current ? "sluice" : undefined}>
            {section.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
