/** The 'system notifications without a key' adapter. */
import assert from "node:assert/strict";
import { notificationKey } from "../../../api/proxy/shape-adapters/notification-key.ts";
import { NotificationsSchema } from "../../../api/schemas/notifications.ts";
import { fakeGraylog, graylogJson } from "../fake-graylog.ts";
import { recordedAnswer } from "../graylog-answers.ts";

const recorded = recordedAnswer("get-system-notifications").body;

Deno.test("Graylog 5.1 leaves out the key of a notification without one, which the UI's type requires", () => {
  const parsed = NotificationsSchema.safeParse(recorded);
  assert.equal(parsed.success, false);
  assert.deepEqual(parsed.error!.issues.map((issue) => issue.path.join(".")), ["notifications.0.key"]);
});

Deno.test("the adapter gives a notification without a key the key null and keeps the others' keys", () => {
  const adapted = NotificationsSchema.parse(notificationKey.adapt(recorded));
  assert.deepEqual(adapted.notifications.map((n) => [n.type, n.key]), [
    ["no_input_running", null],
    ["input_failed_to_start", "64784cd2e1b9a3c9bd2e7c55"],
  ]);
});

Deno.test("through the proxy, the shell's notifications poll gets every notification with a key", async () => {
  const graylog = fakeGraylog(() => graylogJson(recorded));
  try {
    const answer = await graylog.proxy.request("/system/notifications");
    assert.equal(answer.status, 200);
    assert.equal(NotificationsSchema.parse(await answer.json()).notifications[0].key, null);
  } finally {
    await graylog.close();
  }
});
