import type { ShapeAdapter } from "./shape-adapter.ts";

/**
 * Graylog 5.1 leaves `key` out of a system notification that has none; Sluice's UI reads it as `null` (the
 * notification is then dismissed and described by its type alone).
 */
export const notificationKey: ShapeAdapter = {
  name: "system notifications without a key",
  method: "GET",
  path: "/system/notifications",
  adapt: (answer) => {
    if (typeof answer !== "object" || answer === null || !("notifications" in answer) || !Array.isArray(answer.notifications)) {
      return answer;
    }
    return {
      ...answer,
      notifications: answer.notifications.map((notification: unknown) =>
        typeof notification === "object" && notification !== null ? { key: null, ...notification } : notification
      ),
    };
  },
};
