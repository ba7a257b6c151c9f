// @deno-types="@types/smtp-server"
import { SMTPServer } from "smtp-server";
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import {
  EventNotificationSchema,
  NotificationDeliveryListSchema,
  OutboxListSchema,
} from "../../api/schemas/event-notifications.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { type ApiHarness, openApiHarness } from "../helpers/api-harness.ts";
import { paymentsDefinition, paymentsErrors } from "../helpers/event-definitions.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const MINUTE = 60_000;

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback (smtp-server): records each mail, or refuses every one with `refuse`. */
async function smtpListener(refuse?: string) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      stream.on("end", () => {
        if (refuse) return callback(Object.assign(new Error(refuse), { responseCode: 550 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: new TextDecoder().decode(Uint8Array.from(chunks.flatMap((chunk) => [...chunk]))),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function withSmtp(listener: Awaited<ReturnType<typeof smtpListener>>, work: (h: ApiHarness) => Promise<void>) {
  const h = await openApiHarness({
    smtp: { url: listener.url, defaultSender: "graylog@example.com", timeoutMs: 5_000 },
  });
  try {
    await work(h);
  } finally {
    await h.close();
    await listener.close();
  }
}

const emailNotification = (overrides: Record<string, unknown> = {}) => ({
  title: "Mail ops",
  config: {
    type: "email-notification-v1",
    sender: "sluice@example.com",
    subject: "Graylog event notification: ${event_definition_title}",
    body_template: "${event.message}",
    email_recipients: ["ops@example.com", "oncall@example.com"],
    ...overrides,
  },
});

Deno.test("an event's email notification is sent over SMTP to a real server and recorded in the outbox", async () => {
  const listener = await smtpListener();
  await withSmtp(listener, async (h) => {
    const backend = h.backend as EmbeddedBackend;
    const email = assertSchema(EventNotificationSchema, (await h.call("POST", "/events/notifications", { body: emailNotification() })).body);
    await h.call("POST", "/events/definitions", { body: paymentsDefinition({ notifications: [{ notification_id: email.id }] }) });
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
    await paymentsErrors(h, minute, 3);
    assert.equal(await backend.runEventScheduler(minute + 2 * MINUTE), 1, "one event");
    assert.equal(await backend.dispatchNotifications(minute + 2 * MINUTE), 1, "one delivery attempted");
    assert.equal(listener.received.length, 1, "the SMTP server received the mail");
    const [mail] = listener.received;
    assert.equal(mail.from, "sluice@example.com");
    assert.deepEqual(mail.to, ["ops@example.com", "oncall@example.com"]);
    assert.match(mail.data, /^Subject: Graylog event notification: Payments failing\r?$/m);
    assert.match(mail.data, /Payments failing: app-07 - count\(\)=3\.0/);
    const outbox = assertSchema(OutboxListSchema, (await h.call("GET", "/events/notifications/outbox")).body);
    assert.equal(outbox.total, 1, "the outbox records the sent mail");
    assert.equal(outbox.mails[0].subject, "Graylog event notification: Payments failing");
    const deliveries = assertSchema(NotificationDeliveryListSchema, (await h.call("GET", `/events/notifications/${email.id}/deliveries`)).body);
    assert.deepEqual(deliveries.deliveries.map((delivery) => [delivery.status, delivery.attempts]), [["sent", 1]]);
  });
});

Deno.test("a mail the SMTP server refuses fails the test call with its answer, and a delivery is retried, not recorded", async () => {
  const listener = await smtpListener("Mailbox unavailable");
  await withSmtp(listener, async (h) => {
    const backend = h.backend as EmbeddedBackend;
    const tested = await h.call("POST", "/events/notifications/test", { body: emailNotification() });
    assert.equal(tested.status, 400, JSON.stringify(tested.body));
    assert.match((tested.body as { message: string }).message, /Sending the email over smtp:\/\/127\.0\.0\.1:\d+\/? failed: .*Mailbox unavailable/);
    const email = assertSchema(EventNotificationSchema, (await h.call("POST", "/events/notifications", { body: emailNotification() })).body);
    await h.call("POST", "/events/definitions", { body: paymentsDefinition({ notifications: [{ notification_id: email.id }] }) });
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
    await paymentsErrors(h, minute, 3);
    await backend.runEventScheduler(minute + 2 * MINUTE);
    await backend.dispatchNotifications(minute + 2 * MINUTE);
    const [delivery] = assertSchema(NotificationDeliveryListSchema, (await h.call("GET", `/events/notifications/${email.id}/deliveries`)).body).deliveries;
    // The backend's own dispatch timer may have tried once more meanwhile on a slow machine: still pending.
    assert.equal(delivery.status, "pending", "queued for a retry");
    assert.ok(delivery.attempts >= 1, `tried at least once: ${delivery.attempts}`);
    assert.match(delivery.last_error ?? "", /Mailbox unavailable/);
    assert.equal(assertSchema(OutboxListSchema, (await h.call("GET", "/events/notifications/outbox")).body).total, 0);
  });
});
