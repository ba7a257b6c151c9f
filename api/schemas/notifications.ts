import { z } from "@hono/zod-openapi";

export const SystemNotificationSchema = z
  .object({
    type: z.string(),
    severity: z.enum(["normal", "urgent"]),
    timestamp: z.string(),
    node_id: z.string(),
    key: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi("SystemNotification");

export const NotificationsSchema = z
  .object({ total: z.number().int(), notifications: z.array(SystemNotificationSchema) })
  .openapi("SystemNotifications");

export type SystemNotification = z.infer<typeof SystemNotificationSchema>;
