import { Button, Group } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { paths } from "../../shared/paths.ts";

/** The three pages of Alerts as buttons above each page's header (Graylog's alerts page navigation). */
export function AlertsNavigation() {
  const { pathname } = useLocation();
  const links = [
    { label: "Alerts & Events", href: paths.alerts.href() },
    { label: "Event Definitions", href: paths.eventDefinitions.href() },
    { label: "Notifications", href: paths.eventNotifications.href() },
  ];
  return (
    <Group gap="xs">
      {links.map((link) => (
        <Button key={link.href} component={Link} to={link.href} size="xs" variant={pathname.endsWith(link.href) ? "filled" : "default"}>
          {link.label}
        </Button>
      ))}
    </Group>
  );
}
