import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { NotificationsSchema } from "../../api/schemas/notifications.ts";
import { SystemInfoSchema } from "../../api/schemas/system.ts";
import { type ApiHarness, apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

async function listNotifications(h: ApiHarness) {
  const answer = await h.call("GET", "/system/notifications");
  assert.equal(answer.status, 200);
  return assertSchema(NotificationsSchema, answer.body);
}

apiTest("a new node reports that no input is running, as an urgent notification of this node", async (h) => {
  const list = await listNotifications(h);
  const info = assertSchema(SystemInfoSchema, (await h.call("GET", "/system")).body);
  assert.equal(list.total, 1);
  const [notification] = list.notifications;
  assert.equal(notification.type, "no_input_running");
  assert.equal(notification.severity, "urgent");
  assert.equal(notification.key, null);
  assert.equal(notification.node_id, info.node_id);
  assert.ok(!Number.isNaN(Date.parse(notification.timestamp)));
});

apiTest("a dismissed notification disappears from the list, and dismissing it again is not found", async (h) => {
  const answer = await h.call("DELETE", "/system/notifications/no_input_running");
  assert.equal(answer.status, 204);
  assert.deepEqual(await listNotifications(h), { total: 0, notifications: [] });
  const again = await h.call("DELETE", "/system/notifications/no_input_running");
  assert.equal(again.status, 404);
  assert.deepEqual(again.body, { type: "ApiError", message: "No notification of type no_input_running." });
});

apiTest("dismissing an unknown notification type or key is not found and changes nothing", async (h) => {
  const unknown = await h.call("DELETE", "/system/notifications/index_ranges_recalculation");
  assert.equal(unknown.status, 404);
  assertSchema(ApiErrorSchema, unknown.body);
  const keyed = await h.call("DELETE", "/system/notifications/no_input_running/some-key");
  assert.equal(keyed.status, 404);
  assert.equal(assertSchema(ApiErrorSchema, keyed.body).message, "No notification of type no_input_running with key some-key.");
  assert.equal((await listNotifications(h)).total, 1);
});

const deleted: [string, string | undefined][] = [];
apiTest("dismissing with a key passes type and key to the backend and answers 204", async (h) => {
  deleted.length = 0;
  const answer = await h.call("DELETE", "/system/notifications/input_failed_to_start/input-42");
  assert.equal(answer.status, 204);
  assert.deepEqual(deleted, [["input_failed_to_start", "input-42"]]);
}, {
  wrapBackend: (backend) => ({
    ...backend,
    system: {
      info: () => backend.system.info(),
      jvm: () => backend.system.jvm(),
      nodes: () => backend.system.nodes(),
      metrics: (names) => backend.system.metrics(names),
      metricNames: () => backend.system.metricNames(),
      requestAnswered: (durationMicros) => backend.system.requestAnswered(durationMicros),
      threadDump: () => backend.system.threadDump(),
      processBufferDump: () => backend.system.processBufferDump(),
      notifications: () => backend.system.notifications(),
      naturalDate: (keyword, timezone) => backend.system.naturalDate(keyword, timezone),
      deleteNotification: (type, key) => {
        deleted.push([type, key]);
        return Promise.resolve(true);
      },
    },
  }),
});

apiTest("a malformed notification type is refused with 400 naming notificationType", async (h) => {
  const answer = await h.call("DELETE", "/system/notifications/bad-type!");
  assert.equal(answer.status, 400);
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, /^Invalid path parameter: notificationType: /);
});

apiTest("the reader may neither list nor dismiss notifications, and nothing is dismissed", async (h) => {
  for (const [method, path] of [["GET", "/system/notifications"], ["DELETE", "/system/notifications/no_input_running"]] as const) {
    const answer = await h.call(method, path, { cookie: h.readerCookie });
    assert.equal(answer.status, 403, `${method} ${path}`);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
  assert.equal((await listNotifications(h)).total, 1);
});
