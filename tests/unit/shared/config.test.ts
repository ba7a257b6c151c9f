import assert from "node:assert/strict";
import { databasePath, graylogApiUrl, normalizePrefix, readSettings } from "../../../config.ts";

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
    graylogCaFile: null,
    graylogTimeoutMs: 30_000,
    maxRequestBytes: 10 * 1024 * 1024,
    trustProxy: false,
    wallFrameAncestors: [],
    searchConcurrency: 2,
    searchQueueLength: 500,
    searchQueueWaitMs: 30_000,
    searchTimeoutMs: 60_000,
    smtpUrl: null,
    smtpFrom: "graylog@example.com",
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
  assert.equal(settings.graylogUrl, "http://graylog:9000/api");
  assert.equal(databasePath(settings), "/var/lib/sluice/sluice.duckdb");
});

Deno.test("Graylog's address becomes its REST API URL, a path prefix kept, with or without /api given", () => {
  assert.equal(graylogApiUrl("https://graylog.example:9000"), "https://graylog.example:9000/api");
  assert.equal(graylogApiUrl("https://graylog.example:9000/api/"), "https://graylog.example:9000/api");
  assert.equal(graylogApiUrl("https://ops.example/graylog/"), "https://ops.example/graylog/api");
  assert.equal(graylogApiUrl(" https://ops.example/graylog/api "), "https://ops.example/graylog/api");
  const settings = readSettings({ SLUICE_GRAYLOG_URL: "http://10.0.0.5:9000", SLUICE_GRAYLOG_CA_FILE: "/etc/ssl/graylog-ca.pem", SLUICE_GRAYLOG_TIMEOUT_MS: "5000" });
  assert.equal(settings.graylogUrl, "http://10.0.0.5:9000/api");
  assert.equal(settings.graylogCaFile, "/etc/ssl/graylog-ca.pem");
  assert.equal(settings.graylogTimeoutMs, 5000);
});

Deno.test("a Graylog URL that is not http(s), or carries credentials or a query, is refused", () => {
  assert.throws(() => graylogApiUrl("graylog:9000"), /SLUICE_GRAYLOG_URL must be an http or https URL/);
  assert.throws(() => graylogApiUrl("ftp://graylog.example/"), /SLUICE_GRAYLOG_URL must be an http or https URL/);
  assert.throws(() => graylogApiUrl("https://admin:secret@graylog.example/"), /takes no query, fragment or credentials/);
  assert.throws(() => graylogApiUrl("https://graylog.example/api?x=1"), /takes no query, fragment or credentials/);
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
