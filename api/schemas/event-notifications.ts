import { z } from "@hono/zod-openapi";
import type { EventDefinition, StoredEvent } from "./events.ts";
import { type EntityPage, type PageRequest, paginatedListSchema } from "./paginated.ts";

/**
 * Event notifications (Graylog 5.1 `/events/notifications`): the three kinds Sluice sends (HTTP, email, Slack
 * webhook) with Graylog's config field names, the deliveries that record each send and its retries, and the email
 * outbox (no mail server here: delivered mail lands there).
 */

const url = (name: string) =>
  z.string({ message: `${name} is required` }).trim().min(1, `${name} must not be empty`).max(2000)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), `${name} must be an http or https URL`);

export const HttpNotificationConfigSchema = z
  .object({
    type: z.literal("http-notification-v1"),
    url: url("config.url"),
    /** Graylog keeps these encrypted; Sluice sends them as headers when set. */
    basic_auth: z.string().max(1000).nullish(),
    api_key: z.string().max(1000).nullish(),
    api_secret: z.string().max(1000).nullish(),
  })
  .strict();

export const EmailNotificationConfigSchema = z
  .object({
    type: z.literal("email-notification-v1"),
    sender: z.string().max(1000).default(""),
    reply_to: z.string().max(1000).default(""),
    subject: z.string({ message: "config.subject is required" }).min(1, "config.subject must not be empty").max(1000),
    body_template: z.string().max(100_000).default(""),
    html_body_template: z.string().max(100_000).default(""),
    email_recipients: z.array(z.string().email("config.email_recipients must hold email addresses")).max(100).default([]),
    user_recipients: z.array(z.string().max(200)).max(100).default([]),
    time_zone: z.string().max(100).default("UTC"),
  })
  .strict()
  .refine((config) => config.email_recipients.length + config.user_recipients.length > 0, {
    message: "config.email_recipients: add at least one recipient",
    path: ["email_recipients"],
  });

export const SlackNotificationConfigSchema = z
  .object({
    type: z.literal("slack-notification-v1"),
    webhook_url: url("config.webhook_url"),
    channel: z.string().max(200).default(""),
    custom_message: z.string().max(100_000).default(""),
    color: z.string().max(20).default("#FF0000"),
    user_name: z.string().max(200).default("Graylog"),
    notify_channel: z.boolean().default(false),
    link_names: z.boolean().default(false),
    icon_url: z.string().max(2000).default(""),
    icon_emoji: z.string().max(200).default(""),
    backlog_size: z.number().int().min(0).max(1000).default(0),
    time_zone: z.string().max(100).default("UTC"),
  })
  .strict();

export const NotificationConfigSchema = z.discriminatedUnion("type", [
  HttpNotificationConfigSchema,
  EmailNotificationConfigSchema,
  SlackNotificationConfigSchema,
], { message: "config.type must be one of http-notification-v1, email-notification-v1, slack-notification-v1" })
  .openapi("EventNotificationConfig");
export type NotificationConfig = z.infer<typeof NotificationConfigSchema>;
export type NotificationType = NotificationConfig["type"];
export const NOTIFICATION_TYPES = [
  "http-notification-v1",
  "email-notification-v1",
  "slack-notification-v1",
] as const satisfies readonly NotificationType[];

/** Graylog's NotificationDto. */
export const EventNotificationSchema = z
  .object({ id: z.string(), title: z.string(), description: z.string(), config: NotificationConfigSchema })
  .openapi("EventNotification");
export type EventNotification = z.infer<typeof EventNotificationSchema>;

export const EventNotificationBodySchema = z
  .object({
    id: z.string().max(100).nullish(),
    title: z.string({ message: "title is required" }).trim().min(1, "title must not be empty").max(1000),
    description: z.string().max(10_000).default(""),
    config: NotificationConfigSchema,
  })
  .strict()
  .openapi("EventNotificationBody");
export type EventNotificationBody = z.infer<typeof EventNotificationBodySchema>;

export const NOTIFICATION_SORT_FIELDS = ["title", "description"] as const;
export type NotificationSortField = (typeof NOTIFICATION_SORT_FIELDS)[number];

/** GET /events/notifications (Graylog's PaginatedResponse with `notifications`). */
export const EventNotificationListSchema = paginatedListSchema("notifications", EventNotificationSchema)
  .openapi("EventNotificationList");
/** GET /events/notifications/paginated (`elements`). */
export const EventNotificationPageSchema = paginatedListSchema("elements", EventNotificationSchema)
  .openapi("EventNotificationPage");

export const DELIVERY_STATUSES = ["pending", "sent", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One send of a notification for an event, with its retries (Sluice's addition: Graylog only logs them). */
export const NotificationDeliverySchema = z
  .object({
    id: z.string(),
    notification_id: z.string(),
    event_id: z.string(),
    event_definition_id: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    next_attempt_at: z.string().nullable(),
    sent_at: z.string().nullable(),
  })
  .openapi("NotificationDelivery");
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

export const NotificationDeliveryListSchema = z
  .object({ deliveries: z.array(NotificationDeliverySchema) })
  .openapi("NotificationDeliveryList");

/** A mail the email notification rendered and delivered to the outbox. */
export const OutboxMailSchema = z
  .object({
    id: z.string(),
    notification_id: z.string(),
    sender: z.string(),
    reply_to: z.string(),
    recipients: z.array(z.string()),
    subject: z.string(),
    body: z.string(),
    html_body: z.string(),
    delivered_at: z.string(),
  })
  .openapi("OutboxMail");
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const OutboxListSchema = z.object({ mails: z.array(OutboxMailSchema), total: z.number().int() })
  .openapi("OutboxList");

/**
 * Graylog's EventNotificationModelData as the HTTP notification POSTs it: the definition, the event and the
 * backlog of messages that caused it.
 */
export interface EventNotificationPayload {
  event_definition_id: string;
  event_definition_type: string;
  event_definition_title: string;
  event_definition_description: string;
  job_definition_id: string;
  job_trigger_id: string;
  event: StoredEvent;
  backlog: Record<string, unknown>[];
}

/** A notification that cannot be sent as it is configured (not allow-listed URL…); the API answers 400. */
export class NotificationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotificationRefusedError";
  }
}

/** Notifications, their deliveries and the outbox. */
export interface EventNotificationStore {
  page(request: PageRequest<NotificationSortField>): Promise<EntityPage<EventNotification>>;
  get(id: string): Promise<EventNotification | null>;
  create(body: EventNotificationBody): Promise<EventNotification>;
  update(id: string, body: EventNotificationBody): Promise<EventNotification | null>;
  /** False when there was none; definitions that named it stop naming it. */
  delete(id: string): Promise<boolean>;
  /**
   * Sends a test notification now (one attempt, no retry) with a made-up event of `definition` or a sample one;
   * throws NotificationRefusedError with the reason when it fails.
   */
  test(notification: EventNotificationBody, definition: EventDefinition | null): Promise<void>;
  deliveries(notificationId: string, limit: number): Promise<NotificationDelivery[]>;
  outbox(limit: number): Promise<{ mails: OutboxMail[]; total: number }>;
}
