// @deno-types="@types/nodemailer"
import nodemailer from "nodemailer";
import type { OutboxMail } from "../../../api/schemas/event-notifications.ts";
import { NotificationRefusedError } from "../../../api/schemas/event-notifications.ts";

/** Where email notifications are sent (Graylog's `transport_email_*` settings); from SLUICE_SMTP_URL. */
export interface SmtpSettings {
  /** `smtp://[user:password@]host[:port]` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start). */
  url: string;
  /** The sender when a notification names none (Graylog's `transport_email_from_email`). */
  defaultSender: string;
  /** How long connecting and each SMTP command may take. */
  timeoutMs: number;
}

export type MailToSend = Omit<OutboxMail, "id" | "delivered_at">;

/**
 * Sends a rendered mail over SMTP with nodemailer; a refusal or an unreachable server throws
 * NotificationRefusedError with the server's answer, which the delivery records before it is retried.
 */
export function smtpMailer(settings: SmtpSettings): (mail: MailToSend) => Promise<void> {
  const transport = nodemailer.createTransport(settings.url, {
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  return async (mail) => {
    try {
      await transport.sendMail({
        from: mail.sender || settings.defaultSender,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        to: mail.recipients,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
      });
    } catch (error) {
      throw new NotificationRefusedError(`Sending the email over ${redacted(settings.url)} failed: ${(error as Error).message}`);
    }
  };
}

/** The SMTP URL without its credentials, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    parsed.username = "";
    return parsed.toString();
  } catch {
    return "the SMTP server";
  }
}
