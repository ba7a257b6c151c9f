import { Button, Group } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { paths } from "../../../shared/paths.ts";

/** The tabs above the pages of System → Authentication: the services (directories) and the authenticators. */
export function AuthenticationNavigation() {
  const { pathname } = useLocation();
  const items = [
    { label: "Authentication Services", href: paths.authenticationServices.href() },
    { label: "Authenticators", href: paths.authenticators.href() },
  ];
  return (
    <Group gap="xs" component="nav" aria-label="Authentication">
      {items.map((item) => {
        const active = pathname.startsWith(item.href);
        return (
          <Button
            key={item.href}
            component={Link}
            to={item.href}
            size="xs"
            variant={active ? "filled" : "default"}
            aria-current={active ? "page" : undefined}
          >
            {item.label}
          </Button>
        );
      })}
    </Group>
  );
}
