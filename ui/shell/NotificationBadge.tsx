import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "../../shared/paths.ts";
import { notificationsQueryOptions } from "./shell-queries.ts";
import { useBrowserIdle } from "./use-browser-idle.ts";

/** The count of system notifications (polled every 3 s), linking to the overview; hidden at zero. */
export function NotificationBadge() {
  // Polling starts once the page is idle (use-browser-idle.ts); a count already in the cache shows at once.
  const { data } = useQuery({ ...notificationsQueryOptions(), enabled: useBrowserIdle() });
  if (!data || data.total <= 0) return null;
  return (
    <Badge component={Link} to={paths.systemOverview.href()} color="red" variant="filled" style={{ cursor: "pointer" }} title="System notifications" data-testid="notification-badge">
      {data.total}
    </Badge>
  );
}
