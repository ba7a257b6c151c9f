import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  UrlWhitelistSchema,
  WhitelistCheckResponseSchema,
  WhitelistRegexGenerationResponseSchema,
} from "../../api/schemas/url-whitelist.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const entry = (overrides: Record<string, unknown> = {}) => ({ id: "e1", title: "Hooks", value: "https://hooks.example.com/x", type: "literal", ...overrides });

apiTest("the URL allow-list is saved, read back and checks URLs by literal and regex entries", async (h) => {
  const regex = assertSchema(
    WhitelistRegexGenerationResponseSchema,
    (await h.call("POST", "/system/urlwhitelist/generate_regex", { body: { url_template: "https://api.example.com/${key}/v1", placeholder: "${key}" } })).body,
  ).regex;
  assert.equal(regex, "^\\Qhttps://api.example.com/\\E.*?\\Q/v1\\E$");
  const saved = await h.call("PUT", "/system/urlwhitelist", { body: { disabled: false, entries: [entry(), entry({ id: "e2", title: "API", value: regex, type: "regex" })] } });
  assert.equal(saved.status, 204, JSON.stringify(saved.body));
  const read = assertSchema(UrlWhitelistSchema, (await h.call("GET", "/system/urlwhitelist")).body);
  assert.equal(read.entries.length, 2);
  const check = async (url: string) =>
    assertSchema(WhitelistCheckResponseSchema, (await h.call("POST", "/system/urlwhitelist/check", { body: { url } })).body).is_whitelisted;
  assert.equal(await check("https://hooks.example.com/x"), true);
  assert.equal(await check("https://hooks.example.com/y"), false);
  assert.equal(await check("https://api.example.com/abc/v1"), true);
  assert.equal(await check("https://api.example.com/abc/v2"), false);
});

apiTest("bad allow-list bodies are 400s naming the field: a literal that is no URL, a regex that does not compile, no title", async (h) => {
  const refused = async (body: unknown, message: RegExp) => {
    const answer = await h.call("PUT", "/system/urlwhitelist", { body });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
  };
  await refused({ disabled: false, entries: [entry({ value: "not a url" })] }, /entries\.0\.value: Not a valid URL/);
  await refused({ disabled: false, entries: [entry({ value: "ftp://example.com/" })] }, /Not a valid URL/);
  await refused({ disabled: false, entries: [entry({ type: "regex", value: "https://(unclosed" })] }, /Not a valid Java regular expression/);
  await refused({ disabled: false, entries: [entry({ title: " " })] }, /title/);
  await refused({ disabled: "no", entries: [] }, /disabled/);
  await refused({ entries: [] }, /disabled/);
  await refused({ disabled: false, entries: [entry({ type: "glob" })] }, /type/);
  const check = await h.call("POST", "/system/urlwhitelist/check", { body: {} });
  assert.equal(check.status, 400);
  assert.match(assertSchema(ApiErrorSchema, check.body).message, /url/);
  const generate = await h.call("POST", "/system/urlwhitelist/generate_regex", { body: { placeholder: "x" } });
  assert.equal(generate.status, 400);
  assert.match(assertSchema(ApiErrorSchema, generate.body).message, /url_template/);
  // The cluster config path refuses the same documents.
  const viaClass = await h.call("PUT", "/system/cluster_config/org.graylog2.system.urlwhitelist.UrlWhitelist", { body: { disabled: false, entries: [entry({ value: "nope" })] } });
  assert.equal(viaClass.status, 400);
  assert.equal((await h.call("PUT", "/system/urlwhitelist", { body: { disabled: true, entries: [] }, cookie: h.readerCookie })).status, 403);
});
