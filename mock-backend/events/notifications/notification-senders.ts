import type { EventNotificationPayload, NotificationConfig, NotificationType, OutboxMail } from "../../../api/schemas/event-notifications.ts";
import { NotificationRefusedError } from "../../../api/schemas/event-notifications.ts";
import { isWhitelisted, type UrlWhitelist } from "../../../api/schemas/url-whitelist.ts";
import { renderNotificationTemplate } from "./notification-template.ts";

/** What a sender may use: the URL allow-list as it is now and the email outbox. */
export interface SenderEnvironment {
  allowList(): Promise<UrlWhitelist>;
  deliverMail(mail: Omit<OutboxMail, "id" | "delivered_at">): Promise<void>;
  /** How long one HTTP request may take. */
  timeoutMs: number;
}

type Sender<T extends NotificationType> = (
  config: Extract<NotificationConfig, { type: T }>,
  payload: EventNotificationPayload,
  notificationId: string,
  environment: SenderEnvironment,
) => Promise<void>;

/** How each notification type sends; a failure throws with the reason the delivery records. */
export const NOTIFICATION_SENDERS: { [T in NotificationType]: Sender<T> } = {
  "http-notification-v1": async (config, payload, _id, environment) => {
    await assertWhitelisted(config.url, environment);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (config.basic_auth) headers.Authorization = `Basic ${btoa(config.basic_auth)}`;
    if (config.api_key && config.api_secret) headers[config.api_key] = config.api_secret;
    await post(config.url, headers, JSON.stringify(payload), environment.timeoutMs);
  },
  "slack-notification-v1": async (config, payload, _id, environment) => {
    await assertWhitelisted(config.webhook_url, environment);
    const model = { ...payload }; // Graylog's template model: the payload's fields at the top
    const title = `${config.notify_channel ? "@channel " : ""}*Alert ${payload.event_definition_title}* triggered:`;
    const body = {
      ...(config.channel ? { channel: config.channel } : {}),
      text: title,
      username: config.user_name,
      link_names: config.link_names,
      ...(config.icon_url ? { icon_url: config.icon_url } : {}),
      ...(config.icon_emoji ? { icon_emoji: config.icon_emoji } : {}),
      attachments: [{
        fallback: payload.event.message,
        text: config.custom_message ? renderNotificationTemplate(config.custom_message, model) : payload.event.message,
        color: config.color,
      }],
    };
    await post(config.webhook_url, { "Content-Type": "application/json" }, JSON.stringify(body), environment.timeoutMs);
  },
  "email-notification-v1": async (config, payload, notificationId, environment) => {
    const model = { ...payload }; // Graylog's template model: the payload's fields at the top
    await environment.deliverMail({
      notification_id: notificationId,
      sender: config.sender,
      reply_to: config.reply_to,
      recipients: [...config.email_recipients, ...config.user_recipients],
      subject: renderNotificationTemplate(config.subject, model),
      body: renderNotificationTemplate(config.body_template, model),
      html_body: renderNotificationTemplate(config.html_body_template, model),
    });
  },
};

/** Sends with the sender of the config's type. */
export function sendNotification(
  config: NotificationConfig,
  payload: EventNotificationPayload,
  notificationId: string,
  environment: SenderEnvironment,
): Promise<void> {
  // The union does not narrow through the indexed table; each entry is typed by its own key above.
  const sender = NOTIFICATION_SENDERS[config.type] as Sender<NotificationType>;
  return sender(config, payload, notificationId, environment);
}

async function assertWhitelisted(url: string, environment: SenderEnvironment): Promise<void> {
  if (!isWhitelisted(await environment.allowList(), url)) throw new NotificationRefusedError(`URL ${url} is not whitelisted`);
}

async function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
  } catch (error) {
    throw new NotificationRefusedError(`Error while sending the notification to ${url}: ${(error as Error).message}`);
  }
  await response.body?.cancel();
  if (!response.ok) {
    throw new NotificationRefusedError(`Expected successful HTTP response [2xx] but got [${response.status}] from ${url}`);
  }
}
