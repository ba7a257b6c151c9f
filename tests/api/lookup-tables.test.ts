import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  ErrorStatesSchema,
  LookupCachePageSchema,
  LookupCacheSchema,
  LookupDataAdapterPageSchema,
  LookupDataAdapterSchema,
  LookupResultSchema,
  LookupTablePageSchema,
  LookupTableSchema,
  LookupTypesSchema,
  ValidationResultSchema,
} from "../../api/schemas/lookup-tables.ts";
import { ThreatIntelConfigSchema } from "../../api/schemas/threat-intel.ts";
import { type ApiHarness, apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("lookup tables, caches and data adapters (/system/lookup)");

const csvDir = Deno.makeTempDirSync({ prefix: "sluice-lookup-" });
const csvPath = `${csvDir}/owners.csv`;
Deno.writeTextFileSync(csvPath, "host,owner\nweb-01,Alice\nDB-01,Bob\n");

const adapterBody = (overrides: Record<string, unknown> = {}) => ({
  name: "owners-csv",
  title: "Owners (CSV)",
  description: "Who runs which host",
  config: { type: "csvfile", path: csvPath, key_column: "host", value_column: "owner", check_interval: 1, case_insensitive_lookup: true },
  ...overrides,
});
const cacheBody = (overrides: Record<string, unknown> = {}) => ({
  name: "owners-cache",
  title: "Owners cache",
  description: "",
  config: { type: "guava_cache", max_size: 100, expire_after_access: 60, expire_after_access_unit: "SECONDS", expire_after_write: 0, expire_after_write_unit: null },
  ...overrides,
});

function assertBadRequest(answer: { status: number; body: unknown }, message: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

async function ok<T>(h: ApiHarness, method: "GET" | "POST" | "PUT" | "DELETE", path: string, schema: import("zod").ZodType<T>, body?: unknown): Promise<T> {
  const answer = await h.call(method, path, body === undefined ? {} : { body });
  assert.equal(answer.status, 200, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  return assertSchema(schema, answer.body);
}

suite.test("a new database holds the two shipped tables and the threat intel plugin's as ordinary lookup tables that answer", async (h) => {
  const page = await ok(h, "GET", "/system/lookup/tables?resolve=true", LookupTablePageSchema);
  assert.deepEqual(
    page.lookup_tables.map((table) => table.title),
    [
      "Whois",
      "Tor Exit Node List",
      "Spamhaus DROP",
      "Open Threat Exchange (OTX) - IP",
      "Open Threat Exchange (OTX) - Domain",
      "HTTP status phrases",
      "Country names (ISO 3166 codes)",
      "abuse.ch Ransomware IP",
      "abuse.ch Ransomware Domains",
    ],
    "title descending by default",
  );
  assert.equal(page.per_page, 50);
  assert.equal(Object.keys(page.data_adapters).length, 9);
  assert.equal(Object.keys(page.caches).length, 6);
  const found = await ok(h, "GET", "/system/lookup/tables/http-status-phrases/query?key=404", LookupResultSchema);
  assert.equal(found.single_value, "Not Found");
  assert.deepEqual(found.multi_value, { value: "Not Found" });
  assert.equal(found.has_error, false);
  const country = await ok(h, "GET", "/system/lookup/tables/country-names/query?key=de", LookupResultSchema);
  assert.equal(country.single_value, "Germany");
});

suite.test("an adapter, a cache and a table are created, listed, looked up, edited and validated", async (h) => {
  const adapter = await ok(h, "POST", "/system/lookup/adapters", LookupDataAdapterSchema, adapterBody());
  assert.equal(adapter.config.type, "csvfile");
  assert.equal(adapter._scope, "DEFAULT");
  const cache = await ok(h, "POST", "/system/lookup/caches", LookupCacheSchema, cacheBody());
  const table = await ok(h, "POST", "/system/lookup/tables", LookupTableSchema, {
    name: "owners",
    title: "Owners",
    description: "",
    cache_id: cache.id,
    data_adapter_id: adapter.id,
    default_single_value: "nobody",
    default_single_value_type: "STRING",
    default_multi_value: "",
    default_multi_value_type: "NULL",
  });
  const answer = await ok(h, "GET", "/system/lookup/tables/owners/query?key=db-01", LookupResultSchema);
  assert.equal(answer.single_value, "Bob", "case-insensitive lookup");
  assert.equal((await ok(h, "GET", "/system/lookup/tables/owners/query?key=mail-01", LookupResultSchema)).single_value, "nobody");
  assert.equal((await ok(h, "GET", `/system/lookup/adapters/${adapter.id}/query?key=WEB-01`, LookupResultSchema)).single_value, "Alice");

  const one = await ok(h, "GET", `/system/lookup/tables/${table.id}?resolve=true`, LookupTablePageSchema);
  assert.deepEqual(one.lookup_tables.map((t) => t.name), ["owners"]);
  assert.equal(one.data_adapters[adapter.id].name, "owners-csv");

  const caches = await ok(h, "GET", "/system/lookup/caches?query=owners", LookupCachePageSchema);
  assert.deepEqual(caches.caches.map((c) => c.name), ["owners-cache"]);
  const adapters = await ok(h, "GET", "/system/lookup/adapters?query=csv&sort=name&order=asc&per_page=1&page=2", LookupDataAdapterPageSchema);
  assert.equal(adapters.total, 3);
  assert.equal(adapters.count, 1);
  assert.equal(adapters.data_adapters[0].name, "http-status-phrases-csv");

  const taken = await ok(h, "POST", "/system/lookup/tables/validate", ValidationResultSchema, { ...table, id: undefined, name: "owners" });
  assert.equal(taken.failed, true);
  assert.deepEqual(taken.errors.name, ["The lookup table name is already in use."]);
  const self = await ok(h, "POST", "/system/lookup/tables/validate", ValidationResultSchema, { ...table, _scope: undefined, content_pack: undefined });
  assert.equal(self.failed, false, JSON.stringify(self.errors));

  const edited = await ok(h, "PUT", `/system/lookup/tables/${table.id}`, LookupTableSchema, { ...table, title: "Host owners" });
  assert.equal(edited.title, "Host owners");
});

suite.test("purging forgets cached answers: a changed file answers after the purge", async (h) => {
  assert.equal((await ok(h, "GET", "/system/lookup/tables/owners/query?key=web-01", LookupResultSchema)).single_value, "Alice");
  Deno.writeTextFileSync(csvPath, "host,owner\nweb-01,Carol\n");
  await new Promise((resolve) => setTimeout(resolve, 1100));
  // The first lookup after the check interval notices the change and reloads in the background.
  await h.call("GET", "/system/lookup/adapters/owners-csv/query?key=web-01");
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal((await ok(h, "GET", "/system/lookup/adapters/owners-csv/query?key=web-01", LookupResultSchema)).single_value, "Carol");
  assert.equal((await ok(h, "GET", "/system/lookup/tables/owners/query?key=web-01", LookupResultSchema)).single_value, "Alice", "still cached");
  assert.equal((await h.call("POST", "/system/lookup/tables/owners/purge?key=web-01")).status, 204);
  assert.equal((await ok(h, "GET", "/system/lookup/tables/owners/query?key=web-01", LookupResultSchema)).single_value, "Carol");
  assert.equal((await h.call("POST", "/system/lookup/tables/owners/purge")).status, 204);
  assert.equal((await h.call("POST", "/system/lookup/tables/nope/purge")).status, 404);
});

suite.test("the validate calls name each bad field with the spec's texts", async (h) => {
  const missingFile = await ok(h, "POST", "/system/lookup/adapters/validate", ValidationResultSchema, adapterBody({ name: "x", config: { type: "csvfile", path: `${csvDir}/none.csv`, key_column: "", value_column: "owner" } }));
  assert.equal(missingFile.failed, true);
  assert.deepEqual(missingFile.errors.key_column, ["Field is required."]);
  const noFile = await ok(h, "POST", "/system/lookup/adapters/validate", ValidationResultSchema, adapterBody({ name: "x", config: { type: "csvfile", path: `${csvDir}/none.csv`, key_column: "a", value_column: "b" } }));
  assert.deepEqual(noFile.errors.path, [`The file ${csvDir}/none.csv does not exist.`]);
  const whois = await ok(h, "POST", "/system/lookup/adapters/validate", ValidationResultSchema, adapterBody({ name: "w", config: { type: "whois", connect_timeout: "soon" } }));
  assert.deepEqual(whois.errors.connect_timeout, ["Field is required."]);
  const otx = await ok(h, "POST", "/system/lookup/adapters/validate", ValidationResultSchema, adapterBody({ name: "o", config: { type: "otx-api", http_user_agent: "" } }));
  assert.deepEqual(Object.keys(otx.errors).sort(), ["http_user_agent", "indicator"]);
  const abuse = await ok(h, "POST", "/system/lookup/adapters/validate", ValidationResultSchema, adapterBody({ name: "a", config: { type: "abuse-ch-ransom" } }));
  assert.deepEqual(abuse.errors.blocklist_type, ["Field is required."]);
  const dsv = await ok(h, "POST", "/system/lookup/adapters/validate", ValidationResultSchema, adapterBody({ name: "d", config: { type: "dsvhttp", url: "https://example.com/list.csv", key_column: "k" } }));
  assert.deepEqual(dsv.errors.url, ["URL https://example.com/list.csv is not whitelisted."]);
  const cache = await ok(h, "POST", "/system/lookup/caches/validate", ValidationResultSchema, cacheBody({ name: "owners-cache", config: { type: "guava_cache", max_size: -1 } }));
  assert.deepEqual(cache.errors.name, ["The cache name is already in use."]);
  assert.deepEqual(cache.errors.max_size, ["Must be greater than 0."]);
  const table = await ok(h, "POST", "/system/lookup/tables/validate", ValidationResultSchema, {
    name: "t", title: "T", cache_id: "0123456789abcdef01234567", data_adapter_id: "x", default_single_value: "x", default_single_value_type: "NUMBER",
  });
  assert.deepEqual(Object.keys(table.errors).sort(), ["cache_id", "data_adapter_id", "default_single_value"]);
});

suite.test("bad bodies and parameters are refused with 400 naming the field; nothing is stored", async (h) => {
  assertBadRequest(await h.call("POST", "/system/lookup/adapters", { body: adapterBody({ name: "bad", config: { type: "csvfile", path: csvPath, key_column: "host" } }) }), /^value_column: Field is required\./);
  assertBadRequest(await h.call("POST", "/system/lookup/adapters", { body: adapterBody({ name: "bad", config: { type: "geoip" } }) }), /^type: Unknown data adapter type geoip/);
  assertBadRequest(await h.call("POST", "/system/lookup/adapters", { body: adapterBody({ name: "bad name!" }) }), /name: may contain only letters/);
  assertBadRequest(await h.call("POST", "/system/lookup/adapters", { body: adapterBody({ title: "" }) }), /title: Field is required\./);
  assertBadRequest(await h.call("POST", "/system/lookup/caches", { body: cacheBody({ name: "c2", config: { type: "guava_cache", expire_after_access_unit: "WEEKS" } }) }), /expire_after_access_unit/);
  assertBadRequest(await h.call("GET", "/system/lookup/tables?sort=cache_id"), /sort: sort must be one of title, description, name, id/);
  assertBadRequest(await h.call("GET", "/system/lookup/tables/owners/query"), /key/);
  assertBadRequest(await h.call("GET", "/system/lookup/tables?resolve=maybe"), /resolve must be true or false/);
  assert.equal((await ok(h, "GET", "/system/lookup/adapters?query=bad", LookupDataAdapterPageSchema)).total, 0);
});

suite.test("internet-only adapters say at once that their source cannot be reached", async (h) => {
  for (const type of ["whois", "spamhaus-edrop", "torexitnode"]) {
    await ok(h, "POST", "/system/lookup/adapters", LookupDataAdapterSchema, adapterBody({ name: `net-${type}`, title: type, config: { type } }));
    // The adapter answers from memory with its error: it never opens a connection that could hang.
    const result = await ok(h, "GET", `/system/lookup/adapters/net-${type}/query?key=8.8.8.8`, LookupResultSchema);
    assert.equal(result.has_error, true);
    assert.equal(result.single_value, null);
  }
  const states = await ok(h, "POST", "/system/lookup/errorstates", ErrorStatesSchema, { data_adapters: ["net-whois", "owners-csv"], tables: ["owners"] });
  assert.match(states.data_adapters["net-whois"]!, /cannot be reached: this server has no internet access/);
  assert.equal(states.data_adapters["owners-csv"], null);
  assert.equal(states.tables.owners, null);
});

suite.test("the threat intel plugin's tables are shipped under Graylog's names; their adapters say whether the switch is off or the source out of reach", async (h) => {
  const page = await ok(h, "GET", "/system/lookup/tables?resolve=true&per_page=100", LookupTablePageSchema);
  const adapterOf = (name: string) => {
    const table = page.lookup_tables.find((t) => t.name === name);
    assert.ok(table, `the table ${name} is shipped`);
    return page.data_adapters[table.data_adapter_id];
  };
  const shipped: Record<string, string> = {
    "tor-exit-node-list": "torexitnode",
    "spamhaus-drop": "spamhaus-edrop",
    "abuse-ch-ransomware-ip": "abuse-ch-ransom",
    "abuse-ch-ransomware-domains": "abuse-ch-ransom",
    "otx-api-ip": "otx-api",
    "otx-api-domain": "otx-api",
    whois: "whois",
  };
  for (const [table, type] of Object.entries(shipped)) assert.equal(adapterOf(table).config.type, type, table);
  const uncached = page.lookup_tables.find((t) => t.name === "tor-exit-node-list")!.cache_id;
  assert.equal(page.caches[uncached].config.type, "none");

  const CONFIG = "/system/cluster_config/org.graylog.plugins.threatintel.ThreatIntelPluginConfiguration";
  const errorStates = () =>
    ok(h, "POST", "/system/lookup/errorstates", ErrorStatesSchema, { tables: ["tor-exit-node-list", "otx-api-ip"], data_adapters: ["spamhaus-drop"] });
  const off = await errorStates();
  assert.match(off.tables["tor-exit-node-list"]!, /^Tor exit node lookups are switched off, so this data adapter does not start\./);
  assert.match(off.data_adapters["spamhaus-drop"]!, /^Spamhaus \(E\)DROP lookups are switched off/);
  assert.match(off.tables["otx-api-ip"]!, /^The source of this data adapter \(https:\/\/otx\.alienvault\.com\) cannot be reached/, "OTX has no switch");

  const switched = await ok(h, "PUT", CONFIG, ThreatIntelConfigSchema, { tor_enabled: true, spamhaus_enabled: false, abusech_ransom_enabled: false });
  assert.equal(switched.tor_enabled, true);
  const on = await errorStates();
  assert.match(on.tables["tor-exit-node-list"]!, /^The source of this data adapter \(https:\/\/check\.torproject\.org\/exit-addresses\) cannot be reached/);
  assert.match(on.data_adapters["spamhaus-drop"]!, /switched off/);
  const started = performance.now();
  const lookup = await ok(h, "GET", "/system/lookup/tables/tor-exit-node-list/query?key=185.220.101.1", LookupResultSchema);
  assert.ok(performance.now() - started < 5_000, "nothing waits for the internet");
  assert.equal(lookup.has_error, true);
  assert.equal(lookup.single_value, null);
  await ok(h, "PUT", CONFIG, ThreatIntelConfigSchema, { tor_enabled: false, spamhaus_enabled: false, abusech_ransom_enabled: false });
});

suite.test("the types calls list every adapter and cache type with its defaults", async (h) => {
  const adapters = await ok(h, "GET", "/system/lookup/types/adapters", LookupTypesSchema);
  assert.deepEqual(Object.keys(adapters).sort(), ["abuse-ch-ransom", "csvfile", "dsvhttp", "otx-api", "spamhaus-edrop", "torexitnode", "whois"]);
  assert.equal(adapters.csvfile.default_config.check_interval, 60);
  const caches = await ok(h, "GET", "/system/lookup/types/caches", LookupTypesSchema);
  assert.deepEqual(Object.keys(caches).sort(), ["guava_cache", "none"]);
});

suite.test("an adapter or cache in use cannot be deleted; a table can, then they can", async (h) => {
  assertBadRequest(await h.call("DELETE", "/system/lookup/adapters/owners-csv"), /still used by the lookup tables owners/);
  assertBadRequest(await h.call("DELETE", "/system/lookup/caches/owners-cache"), /still used by the lookup tables owners/);
  assert.equal((await ok(h, "DELETE", "/system/lookup/tables/owners", LookupTableSchema)).name, "owners");
  assert.equal((await ok(h, "DELETE", "/system/lookup/adapters/owners-csv", LookupDataAdapterSchema)).name, "owners-csv");
  assert.equal((await ok(h, "DELETE", "/system/lookup/caches/owners-cache", LookupCacheSchema)).name, "owners-cache");
  assert.equal((await h.call("GET", "/system/lookup/tables/owners")).status, 404);
  assert.equal((await h.call("GET", "/system/lookup/tables/owners/query?key=x")).status, 404);
});

suite.test("a reader may not read or change lookup tables", async (h) => {
  for (const [method, path] of [["GET", "/system/lookup/tables"], ["POST", "/system/lookup/caches"], ["DELETE", "/system/lookup/tables/country-names"]] as const) {
    const answer = await h.call(method, path, { cookie: h.readerCookie, body: method === "POST" ? cacheBody({ name: "r" }) : undefined });
    assert.equal(answer.status, 403, `${method} ${path}`);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
});
