import { Button, Group } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { usePermissions } from "../../session/current-user.tsx";

/** The tabs above the pages of System → Users and Teams: 'Users Overview' and 'Teams Overview', each for whoever may list them. */
export function UsersAndTeamsNavigation() {
  const permissions = usePermissions();
  const { pathname } = useLocation();
  const items = [
    { label: "Users Overview", href: paths.users.href(), permission: "users:list" },
    { label: "Teams Overview", href: paths.teams.href(), permission: "teams:list" },
  ].filter((item) => permissions.isPermitted(item.permission));
  return (
    <Group gap="xs" component="nav" aria-label="Users and Teams">
      {items.map((item) => {
        const active = pathname === item.href;
        return (
          <Button key={item.href} component={Link} to={item.href} size="xs" variant={active ? "filled" : "default"} aria-current={active ? "page" : undefined}>
            {item.label}
          </Button>
        );
      })}
    </Group>
  );
}
