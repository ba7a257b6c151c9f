import { Badge, Group, Tooltip } from "@mantine/core";
import type { User } from "../../../api/schemas/user.ts";

interface Props {
  status: User["account_status"];
  sessionActive: boolean;
}

/** A user's account status, and whether they are signed in right now. */
export function UserStatusBadge({ status, sessionActive }: Props) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" color={status === "enabled" ? "green" : "gray"} variant="light">{status === "enabled" ? "Enabled" : "Disabled"}</Badge>
      {sessionActive && (
        <Tooltip label="Has an active session">
          <Badge size="sm" color="blue" variant="dot">Logged in</Badge>
        </Tooltip>
      )}
    </Group>
  );
}
