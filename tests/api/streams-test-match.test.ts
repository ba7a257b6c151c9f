import assert from "node:assert/strict";
import { StreamTestMatchResponseSchema } from "../../api/schemas/streams.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { APP_ERRORS_STREAM_ID, SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../fixtures/seed-streams.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { type ApiHarness, apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

async function testMatch(h: ApiHarness, streamId: string, message: Record<string, unknown>) {
  const answer = await h.call("POST", `/streams/${streamId}/testMatch`, { body: { message } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(StreamTestMatchResponseSchema, answer.body);
}

const ACCESS_LOG = {
  _id: "m1",
  timestamp: "2026-01-02T10:00:00.000Z",
  source: "web-01",
  message: "GET /index.html 200",
  http_method: "GET",
  http_response_code: 200,
};

apiTest("an access log line matches the web stream by its http_method rule", async (h) => {
  assert.deepEqual(await testMatch(h, WEB_STREAM_ID, ACCESS_LOG), {
    matches: true,
    rules: { "5f0c1e5a0000000000000201": true },
  });
  assert.deepEqual(await testMatch(h, WEB_STREAM_ID, { ...ACCESS_LOG, http_method: undefined }), {
    matches: false,
    rules: { "5f0c1e5a0000000000000201": false },
  });
});

apiTest("the same line does not match the security stream: every rule says false", async (h) => {
  const result = await testMatch(h, SECURITY_STREAM_ID, ACCESS_LOG);
  assert.equal(result.matches, false);
  assert.deepEqual(Object.values(result.rules), [false, false, false]);
});

apiTest("an AND stream needs every rule: a service line at level 6 fails the level rule, at level 3 it matches", async (h) => {
  const info = await testMatch(h, APP_ERRORS_STREAM_ID, { ...ACCESS_LOG, service: "billing", level: 6 });
  assert.deepEqual(info, { matches: false, rules: { "5f0c1e5a0000000000000206": true, "5f0c1e5a0000000000000207": false } });
  const error = await testMatch(h, APP_ERRORS_STREAM_ID, { ...ACCESS_LOG, service: "billing", level: 3 });
  assert.deepEqual(error, { matches: true, rules: { "5f0c1e5a0000000000000206": true, "5f0c1e5a0000000000000207": true } });
});

apiTest("hot fields are tested too: the facility rule of the security stream reads the facility", async (h) => {
  const result = await testMatch(h, SECURITY_STREAM_ID, { ...ACCESS_LOG, facility: "security/authorization" });
  assert.equal(result.matches, true);
  assert.equal(result.rules["5f0c1e5a0000000000000204"], true);
});

apiTest("the default stream has no rules: it matches nothing and lists no rules", async (h) => {
  assert.deepEqual(await testMatch(h, DEFAULT_STREAM_ID, ACCESS_LOG), { matches: false, rules: {} });
});

apiTest("an unknown stream is a 404, a body without a message object a 400 naming the field", async (h) => {
  const unknown = await h.call("POST", "/streams/0123456789abcdef01234567/testMatch", { body: { message: ACCESS_LOG } });
  assert.equal(unknown.status, 404);
  assert.match(assertSchema(ApiErrorSchema, unknown.body).message, /0123456789abcdef01234567/);
  for (const body of [{}, { message: "GET /" }, { message: [1, 2] }]) {
    const bad = await h.call("POST", `/streams/${WEB_STREAM_ID}/testMatch`, { body });
    assert.equal(bad.status, 400, JSON.stringify(body));
    assert.match(assertSchema(ApiErrorSchema, bad.body).message, /message/);
  }
});

apiTest("the reader may test against the default stream only (streams:read:{id})", async (h) => {
  const web = await h.call("POST", `/streams/${WEB_STREAM_ID}/testMatch`, { body: { message: ACCESS_LOG }, cookie: h.readerCookie });
  assert.equal(web.status, 403);
  assert.deepEqual(web.body, FORBIDDEN_BODY);
  const own = await h.call("POST", `/streams/${DEFAULT_STREAM_ID}/testMatch`, { body: { message: ACCESS_LOG }, cookie: h.readerCookie });
  assert.equal(own.status, 200);
});
