import assert from "node:assert/strict";
import { SearchesClusterConfigSchema } from "../../api/schemas/cluster-config.ts";
import { CustomizationConfigSchema } from "../../api/schemas/customization.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const SEARCH_CONFIG = "/system/cluster_config/org.graylog2.indexer.searches.SearchesClusterConfig";

apiTest("the search config reads as its defaults until saved, with 'All time' as the last range option", async (h) => {
  const config = assertSchema(SearchesClusterConfigSchema, (await h.call("GET", SEARCH_CONFIG)).body);
  assert.equal(config.query_time_range_limit, "PT0S");
  assert.equal(Object.entries(config.relative_timerange_options).at(-1)?.[0], "PT0S");
  assert.equal(config.default_auto_refresh_option, "PT5S");
});

apiTest("a saved search config is read back as saved", async (h) => {
  const config = assertSchema(SearchesClusterConfigSchema, (await h.call("GET", SEARCH_CONFIG)).body);
  const changed = { ...config, query_time_range_limit: "P30D", surrounding_filter_fields: ["source"] };
  assert.equal((await h.call("PUT", SEARCH_CONFIG, { body: changed })).status, 200);
  assert.deepEqual((await h.call("GET", SEARCH_CONFIG)).body, changed);
});

apiTest("a search config with a malformed duration is refused naming the field, and nothing changes", async (h) => {
  const before = (await h.call("GET", SEARCH_CONFIG)).body as Record<string, unknown>;
  const answer = await h.call("PUT", SEARCH_CONFIG, { body: { ...before, query_time_range_limit: "thirty days" } });
  assert.equal(answer.status, 400);
  assert.match((answer.body as { message: string }).message, /query_time_range_limit: must be an ISO-8601 duration/);
  assert.deepEqual((await h.call("GET", SEARCH_CONFIG)).body, before);
});

apiTest("an unknown config class answers 404 listing the known ones", async (h) => {
  const answer = await h.call("GET", "/system/cluster_config/org.example.Nope");
  assert.equal(answer.status, 404);
  assert.match((answer.body as { message: string }).message, /SearchesClusterConfig/);
});

apiTest("the reader may neither read nor change cluster config", async (h) => {
  assert.equal((await h.call("GET", SEARCH_CONFIG, { cookie: h.readerCookie })).status, 403);
});

apiTest("the keyword tester resolves natural language in the given time zone", async (h) => {
  const answer = await h.call("GET", "/system/tools/natural_date_tester?string=yesterday&timezone=Europe%2FBerlin");
  assert.equal(answer.status, 200);
  const body = answer.body as { from: string; to: string; timezone: string };
  assert.equal(body.timezone, "Europe/Berlin");
  assert.equal(Date.parse(body.to) - Date.parse(body.from), 24 * 3600_000 - 1);
  assert.match(body.from, /T23:00:00.000Z$/);
});

apiTest("the keyword tester answers 422 for text it cannot read and 400 without text", async (h) => {
  const unreadable = await h.call("GET", "/system/tools/natural_date_tester?string=banana");
  assert.equal(unreadable.status, 422);
  assert.match((unreadable.body as { message: string }).message, /banana/);
  const missing = await h.call("GET", "/system/tools/natural_date_tester");
  assert.equal(missing.status, 400);
  assert.match((missing.body as { message: string }).message, /string/);
});

const CUSTOMIZATION = "/system/cluster_config/org.graylog2.configuration.Customization";

apiTest("the UI customization reads as Graylog's defaults (badge 'PROD', off) until saved, and reads back as saved", async (h) => {
  const defaults = assertSchema(CustomizationConfigSchema, (await h.call("GET", CUSTOMIZATION)).body);
  assert.deepEqual(defaults, { badge_text: "PROD", badge_color: "#1971c2", badge_enable: false });
  const changed = { badge_text: "STAGE", badge_color: "#e8590c", badge_enable: true };
  const saved = await h.call("PUT", CUSTOMIZATION, { body: changed });
  assert.equal(saved.status, 200);
  assert.deepEqual(assertSchema(CustomizationConfigSchema, saved.body), changed);
  assert.deepEqual((await h.call("GET", CUSTOMIZATION)).body, changed);
  assert.ok(((await h.call("GET", "/system/cluster_config")).body as { classes: string[] }).classes.includes("org.graylog2.configuration.Customization"));
});

apiTest("a bad UI customization is refused naming the field, and nothing changes", async (h) => {
  const before = (await h.call("GET", CUSTOMIZATION)).body;
  const bad: ReadonlyArray<readonly [Record<string, unknown>, RegExp]> = [
    [{ badge_text: "TOOLONG", badge_color: "#fff", badge_enable: true }, /badge_text: badge_text must be at most 5 characters/],
    [{ badge_text: "PROD", badge_color: "red;}", badge_enable: true }, /badge_color: badge_color must be a hex colour/],
    [{ badge_text: "PROD", badge_color: "#fff", badge_enable: "yes" }, /badge_enable/],
    [{ badge_text: " ", badge_color: "#fff", badge_enable: true }, /badge_text: badge_text must not be empty while the badge is enabled/],
    [{ badge_text: "PROD", badge_enable: true }, /badge_color/],
    [{ badge_text: "PROD", badge_color: "#fff", badge_enable: true, theme: "dark" }, /theme/],
  ];
  for (const [body, message] of bad) {
    const answer = await h.call("PUT", CUSTOMIZATION, { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match((answer.body as { message: string }).message, message);
  }
  assert.deepEqual((await h.call("GET", CUSTOMIZATION)).body, before);
});

apiTest("the reader may not change the UI customization", async (h) => {
  const answer = await h.call("PUT", CUSTOMIZATION, { cookie: h.readerCookie, body: { badge_text: "X", badge_color: "#fff", badge_enable: true } });
  assert.equal(answer.status, 403);
});
