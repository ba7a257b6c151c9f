import type { EventNotification, EventNotificationBody, NotificationType } from "../../../api/schemas/event-notifications.ts";

/** The notification form's model: the types by label, the flat form values and their conversion to the body. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  "http-notification-v1": "HTTP Notification",
  "email-notification-v1": "Email Notification",
  "slack-notification-v1": "Slack Notification",
};

export const DEFAULT_EMAIL_SUBJECT = "Graylog event notification: ${event_definition_title}";
export const DEFAULT_EMAIL_BODY = `--- [Event Definition] ---------------------------
Title:       \${event_definition_title}
Description: \${event_definition_description}
Type:        \${event_definition_type}
--- [Event] --------------------------------------
Timestamp:            \${event.timestamp}
Message:              \${event.message}
Source:               \${event.source}
Key:                  \${event.key}
Priority:             \${event.priority}
Alert:                \${event.alert}
\${if backlog}--- [Backlog] ------------------------------------
\${foreach backlog message}\${message.timestamp}  ::  \${message.source}  ::  \${message.message}
\${end}\${end}`;

export interface NotificationFormValues {
  title: string;
  description: string;
  type: NotificationType;
  url: string;
  subject: string;
  body: string;
  recipients: string[];
  sender: string;
  channel: string;
  customMessage: string;
}

export function notificationFormValues(notification: EventNotification | null): NotificationFormValues {
  const base: NotificationFormValues = {
    title: notification?.title ?? "",
    description: notification?.description ?? "",
    type: notification?.config.type ?? "http-notification-v1",
    url: "",
    subject: DEFAULT_EMAIL_SUBJECT,
    body: DEFAULT_EMAIL_BODY,
    recipients: [],
    sender: "",
    channel: "",
    customMessage: "",
  };
  const config = notification?.config;
  if (!config) return base;
  switch (config.type) {
    case "http-notification-v1":
      return { ...base, url: config.url };
    case "email-notification-v1":
      return { ...base, subject: config.subject, body: config.body_template, recipients: config.email_recipients, sender: config.sender };
    case "slack-notification-v1":
      return { ...base, url: config.webhook_url, channel: config.channel, customMessage: config.custom_message };
  }
}

export function notificationBody(values: NotificationFormValues): EventNotificationBody {
  const common = { title: values.title.trim(), description: values.description };
  switch (values.type) {
    case "http-notification-v1":
      return { ...common, config: { type: values.type, url: values.url.trim() } };
    case "email-notification-v1":
      return {
        ...common,
        config: {
          type: values.type,
          sender: values.sender,
          reply_to: "",
          subject: values.subject,
          body_template: values.body,
          html_body_template: "",
          email_recipients: values.recipients,
          user_recipients: [],
          time_zone: "UTC",
        },
      };
    case "slack-notification-v1":
      return {
        ...common,
        config: {
          type: values.type,
          webhook_url: values.url.trim(),
          channel: values.channel,
          custom_message: values.customMessage,
          color: "#FF0000",
          user_name: "Graylog",
          notify_channel: false,
          link_names: false,
          icon_url: "",
          icon_emoji: "",
          backlog_size: 0,
          time_zone: "UTC",
        },
      };
  }
}
