/** The 'paged users without attributes' adapter. */
import assert from "node:assert/strict";
import { userPageAttributes } from "../../../api/proxy/shape-adapters/user-page-attributes.ts";
import { UserPageSchema } from "../../../api/schemas/user.ts";
import { fakeGraylog, graylogJson } from "../fake-graylog.ts";
import { recordedAnswer } from "../graylog-answers.ts";

const recorded = recordedAnswer("get-users-paginated").body;

Deno.test("Graylog 5.1's paged users carry no attributes, which Sluice's paged lists have", () => {
  const parsed = UserPageSchema.safeParse(recorded);
  assert.equal(parsed.success, false);
  assert.deepEqual(parsed.error!.issues.map((issue) => issue.path.join(".")), ["attributes"]);
});

Deno.test("the adapter adds no attributes and leaves the users, the page and Graylog's admin context as they are", () => {
  const adapted = userPageAttributes.adapt(recorded) as Record<string, unknown>;
  const page = UserPageSchema.parse(adapted);
  assert.deepEqual(page.attributes, []);
  assert.deepEqual(page.users.map((user) => [user.username, user.service_account]), [["jane", false], ["ingest-bot", true]]);
  assert.equal((adapted.context as { admin_user: { username: string } }).admin_user.username, "admin");
  const withAttributes = { ...(recorded as object), attributes: [{ id: "username", title: "Username", sortable: true, searchable: true }] };
  assert.deepEqual(userPageAttributes.adapt(withAttributes), withAttributes, "attributes given are kept");
});

Deno.test("through the proxy, GET /users/paginated comes back in the UI's shape", async () => {
  const graylog = fakeGraylog(() => graylogJson(recorded));
  try {
    const answer = await graylog.proxy.request("/users/paginated?page=1&per_page=50");
    assert.equal(answer.status, 200);
    assert.equal(UserPageSchema.parse(await answer.json()).total, 2);
  } finally {
    await graylog.close();
  }
});
