import assert from "node:assert/strict";
import {
  EventNotificationListSchema,
  EventNotificationPageSchema,
  EventNotificationSchema,
  NotificationDeliveryListSchema,
  OutboxListSchema,
} from "../../api/schemas/event-notifications.ts";
import { EventDefinitionSchema } from "../../api/schemas/events.ts";
import { URL_WHITELIST_CONFIG_CLASS } from "../../api/schemas/url-whitelist.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { type ApiHarness, apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";
import { paymentsDefinition, paymentsErrors } from "../helpers/event-definitions.ts";

const MINUTE = 60_000;

/** A loopback HTTP server that records the JSON bodies POSTed to it and answers `statuses` in turn (then 200). */
function receiver(statuses: number[] = []) {
  const received: Record<string, unknown>[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    received.push(await request.json());
    return new Response("ok", { status: statuses.shift() ?? 200 });
  });
  return { received, url: `http://127.0.0.1:${server.addr.port}/hook`, close: () => server.shutdown() };
}

const allow = async (h: ApiHarness, url: string) => {
  const answer = await h.call("PUT", `/system/cluster_config/${URL_WHITELIST_CONFIG_CLASS}`, {
    body: { entries: [{ id: "e1", title: "Test receiver", value: url, type: "literal" }], disabled: false },
  });
  assert.equal(answer.status < 300, true, JSON.stringify(answer.body));
};

const httpNotification = (url: string) => ({ title: "Pager", description: "Wakes someone", config: { type: "http-notification-v1", url } });

apiTest("notifications are created, listed, changed and deleted in Graylog's shapes", async (h) => {
  const created = await h.call("POST", "/events/notifications", { body: httpNotification("https://hooks.example.com/a") });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const notification = assertSchema(EventNotificationSchema, created.body);
  assert.deepEqual(notification.config, { type: "http-notification-v1", url: "https://hooks.example.com/a" });
  const email = assertSchema(EventNotificationSchema, (await h.call("POST", "/events/notifications", {
    body: { title: "Mail ops", config: { type: "email-notification-v1", subject: "Alert: ${event_definition_title}", email_recipients: ["ops@example.com"] } },
  })).body);
  assert.equal(email.config.type, "email-notification-v1");

  const list = assertSchema(EventNotificationListSchema, (await h.call("GET", "/events/notifications")).body);
  assert.deepEqual(list.notifications.map((n) => n.title), ["Mail ops", "Pager"]);
  const page = assertSchema(EventNotificationPageSchema, (await h.call("GET", "/events/notifications/paginated?query=pager")).body);
  assert.deepEqual(page.elements.map((n) => n.id), [notification.id]);

  const updated = await h.call("PUT", `/events/notifications/${notification.id}`, {
    body: { ...notification, title: "Pager duty" },
  });
  assert.equal(assertSchema(EventNotificationSchema, updated.body).title, "Pager duty");

  // A definition using it stops using it when it is deleted.
  const definition = assertSchema(EventDefinitionSchema, (await h.call("POST", "/events/definitions", {
    body: paymentsDefinition({ notifications: [{ notification_id: notification.id }] }),
  })).body);
  assert.equal((await h.call("DELETE", `/events/notifications/${notification.id}`)).status, 204);
  assert.equal((await h.call("GET", `/events/notifications/${notification.id}`)).status, 404);
  const after = assertSchema(EventDefinitionSchema, (await h.call("GET", `/events/definitions/${definition.id}`)).body);
  assert.deepEqual(after.notifications, []);
});

apiTest("bad notification bodies get a 400 naming the field; the reader may not read or write them", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{ title: "", config: { type: "http-notification-v1", url: "https://x.example.com" } }, /title must not be empty/],
    [{ title: "x", config: { type: "http-notification-v1", url: "ftp://x.example.com" } }, /config.url must be an http or https URL/],
    [{ title: "x", config: { type: "pager-v1" } }, /config.type must be one of http-notification-v1/],
    [{ title: "x", config: { type: "email-notification-v1", subject: "s" } }, /config.email_recipients: add at least one recipient/],
    [{ title: "x", config: { type: "slack-notification-v1" } }, /config.webhook_url is required/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", "/events/notifications", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match((answer.body as { message: string }).message, message);
  }
  const reader = await h.call("GET", "/events/notifications", { cookie: h.readerCookie });
  assert.equal(reader.status, 403);
  assert.deepEqual(reader.body, FORBIDDEN_BODY);
});

apiTest("a test notification to a URL not on the allow-list is refused with Graylog's text; allowed, it is received", async (h) => {
  const hook = receiver();
  try {
    const refused = await h.call("POST", "/events/notifications/test", { body: httpNotification(hook.url) });
    assert.equal(refused.status, 400);
    assert.equal((refused.body as { message: string }).message, `URL ${hook.url} is not whitelisted`);
    await allow(h, hook.url);
    const sent = await h.call("POST", "/events/notifications/test", { body: httpNotification(hook.url) });
    assert.equal(sent.status, 204, JSON.stringify(sent.body));
    assert.equal(hook.received.length, 1);
    const event = hook.received[0].event as Record<string, unknown>;
    assert.equal(event.message, "Notification test message triggered from user <admin>");
  } finally {
    await hook.close();
  }
});

apiTest("an event notifies its HTTP notification with Graylog's JSON and backlog, retrying a failed send with backoff", async (h) => {
  const backend = h.backend as EmbeddedBackend;
  const hook = receiver([500]);
  try {
    await allow(h, hook.url);
    const notification = assertSchema(EventNotificationSchema, (await h.call("POST", "/events/notifications", { body: httpNotification(hook.url) })).body);
    const definition = assertSchema(EventDefinitionSchema, (await h.call("POST", "/events/definitions", {
      body: paymentsDefinition({ notifications: [{ notification_id: notification.id }] }),
    })).body);
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
    await paymentsErrors(h, minute, 3);
    assert.equal(await backend.runEventScheduler(minute + 2 * MINUTE), 1);

    // The first attempt: this round's, or the server's own 1 s dispatch timer's when it came first (the delivery is
    // due from its queueing on); either way exactly one attempt is recorded below.
    assert.ok(await backend.dispatchNotifications(Date.now()) <= 1);
    const deliveries = async () =>
      assertSchema(NotificationDeliveryListSchema, (await h.call("GET", `/events/notifications/${notification.id}/deliveries`)).body)
        .deliveries;
    const [failed] = await deliveries();
    assert.equal(failed.status, "pending");
    assert.equal(failed.attempts, 1);
    assert.match(failed.last_error ?? "", /Expected successful HTTP response \[2xx\] but got \[500\]/);
    assert.ok(failed.next_attempt_at !== null && Date.parse(failed.next_attempt_at) > Date.now());
    // Not due yet: nothing is sent.
    assert.equal(await backend.dispatchNotifications(Date.now()), 0);
    assert.equal(await backend.dispatchNotifications(Date.parse(failed.next_attempt_at!) + 1), 1);
    const [sent] = await deliveries();
    assert.equal(sent.status, "sent");
    assert.equal(sent.attempts, 2);

    assert.equal(hook.received.length, 2);
    const body = hook.received[1];
    assert.equal(body.event_definition_id, definition.id);
    assert.equal(body.event_definition_title, "Payments failing");
    assert.equal(body.event_definition_type, "aggregation-v1");
    const event = body.event as Record<string, unknown>;
    assert.equal(event.message, "Payments failing: app-07 - count()=3.0");
    assert.equal(event.alert, true);
    assert.equal((body.backlog as unknown[]).length, 2, "backlog_size 2");
  } finally {
    await hook.close();
  }
});

apiTest("an email notification renders its templates into the outbox; the grace period keeps a key from repeating", async (h) => {
  const backend = h.backend as EmbeddedBackend;
  const email = assertSchema(EventNotificationSchema, (await h.call("POST", "/events/notifications", {
    body: {
      title: "Mail ops",
      config: {
        type: "email-notification-v1",
        sender: "sluice@example.com",
        subject: "Graylog event notification: ${event_definition_title}",
        body_template: "${event.message}\n${foreach backlog message}- ${message.message}\n${end}",
        email_recipients: ["ops@example.com"],
      },
    },
  })).body);
  await h.call("POST", "/events/definitions", {
    body: paymentsDefinition({
      notifications: [{ notification_id: email.id }],
      notification_settings: { grace_period_ms: 10 * MINUTE, backlog_size: 1 },
    }),
  });
  const minute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
  await paymentsErrors(h, minute, 3);
  await paymentsErrors(h, minute + MINUTE, 3);
  assert.equal(await backend.runEventScheduler(minute + 3 * MINUTE), 2, "two events");
  assert.equal(await backend.dispatchNotifications(minute + 3 * MINUTE), 1, "one notified: the second is in the grace period");
  const outbox = assertSchema(OutboxListSchema, (await h.call("GET", "/events/notifications/outbox")).body);
  assert.equal(outbox.total, 1);
  const [mail] = outbox.mails;
  assert.equal(mail.subject, "Graylog event notification: Payments failing");
  assert.deepEqual(mail.recipients, ["ops@example.com"]);
  assert.equal(mail.body, "Payments failing: app-07 - count()=3.0\n- payments: request 2 failed: upstream connection refused\n");
});
