import assert from "node:assert/strict";
import { databasePath, normalizePrefix, readSettings } from "../../../config.ts";

Deno.test("without environment the server uses its documented defaults", () => {
  assert.deepEqual(readSettings({}), {
    port: 9000,
    host: "127.0.0.1",
    dataDir: "./data",
    demoMessages: 200_000,
    demoRate: 5,
    adminPassword: "admin",
    pathPrefix: "",
    graylogUrl: null,
    maxRequestBytes: 10 * 1024 * 1024,
    trustProxy: false,
    wallFrameAncestors: [],
    searchConcurrency: 2,
    searchQueueLength: 500,
    searchQueueWaitMs: 30_000,
  });
});

Deno.test("environment variables override the defaults; empty values fall back", () => {
  const settings = readSettings({
    PORT: "8080",
    HOST: "0.0.0.0",
    SLUICE_DATA_DIR: "/var/lib/sluice",
    SLUICE_DEMO_MESSAGES: "0",
    SLUICE_DEMO_RATE: "",
    SLUICE_ADMIN_PASSWORD: "",
    SLUICE_PATH_PREFIX: "/logs/",
    SLUICE_GRAYLOG_URL: "http://graylog:9000",
    SLUICE_MAX_REQUEST_BYTES: "1048576",
  });
  assert.equal(settings.maxRequestBytes, 1_048_576);
  assert.equal(settings.port, 8080);
  assert.equal(settings.host, "0.0.0.0");
  assert.equal(settings.demoMessages, 0);
  assert.equal(settings.demoRate, 5);
  assert.equal(settings.adminPassword, "admin");
  assert.equal(settings.pathPrefix, "/logs");
  assert.equal(settings.graylogUrl, "http://graylog:9000");
  assert.equal(databasePath(settings), "/var/lib/sluice/sluice.duckdb");
});

Deno.test("a number setting that is not a non-negative integer is refused with the variable's name", () => {
  for (const [name, value] of [["PORT", "http"], ["PORT", "-1"], ["SLUICE_DEMO_MESSAGES", "1.5"], ["SLUICE_DEMO_RATE", "fast"]]) {
    assert.throws(() => readSettings({ [name]: value }), new Error(`${name} must be a non-negative integer, got '${value}'`));
  }
});

Deno.test("path prefixes get one leading slash and no trailing slash; '/' means the root", () => {
  assert.equal(normalizePrefix(""), "");
  assert.equal(normalizePrefix("/"), "");
  assert.equal(normalizePrefix("sluice"), "/sluice");
  assert.equal(normalizePrefix("/sluice/"), "/sluice");
  assert.equal(normalizePrefix("  //a/b//  "), "/a/b");
});

Deno.test("a path prefix with characters not allowed in a path is refused", () => {
  for (const prefix of ["/a b", "/<script>", "/x?y", "/x#y"]) {
    assert.throws(() => normalizePrefix(prefix), /has characters not allowed in a path/, prefix);
  }
});
