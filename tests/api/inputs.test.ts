import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createSocket } from "node:dgram";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import gelfPro from "gelf-pro";
import graylog2 from "graylog2";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  ClusterInputStatesSchema,
  InputCreatedSchema,
  InputsListSchema,
  InputStatesListSchema,
  InputStateSummarySchema,
  InputSummarySchema,
  InputTypeInfoMapSchema,
  InputTypeInfoSchema,
  InputTypesSummarySchema,
} from "../../api/schemas/inputs.ts";
import { UniversalSearchResponseSchema } from "../../api/schemas/search-support.ts";
import { MetricsResponseSchema } from "../../api/schemas/metrics.ts";
import { type EmbeddedBackend, openEmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { type ApiHarness, apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { freeTcpPort, freeUdpPort } from "../helpers/free-port.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const GELF_UDP = "org.graylog2.inputs.gelf.udp.GELFUDPInput";
const GELF_TCP = "org.graylog2.inputs.gelf.tcp.GELFTCPInput";
const GELF_HTTP = "org.graylog2.inputs.gelf.http.GELFHttpInput";
const SYSLOG_UDP = "org.graylog2.inputs.syslog.udp.SyslogUDPInput";
const SYSLOG_TCP = "org.graylog2.inputs.syslog.tcp.SyslogTCPInput";
const RAW_UDP = "org.graylog2.inputs.raw.udp.RawUDPInput";
const RAW_TCP = "org.graylog2.inputs.raw.tcp.RawTCPInput";

const anInput = (type: string, port: number, overrides: Record<string, unknown> = {}) => ({
  title: `Test ${type.split(".").pop()}`,
  type,
  global: true,
  configuration: { bind_address: "127.0.0.1", port },
  ...overrides,
});

async function launch(h: ApiHarness, body: unknown): Promise<string> {
  const answer = await h.call("POST", "/system/inputs", { body });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  const { id } = assertSchema(InputCreatedSchema, answer.body);
  assert.equal(answer.headers.get("Location"), `/system/inputs/${id}`);
  return id;
}

async function stateOf(h: ApiHarness, id: string) {
  return assertSchema(InputStateSummarySchema, (await h.call("GET", `/system/inputstates/${id}`)).body);
}

/** The messages the input stored (waits until what it received is written). */
async function received(h: ApiHarness, inputId: string, expected: number): Promise<Record<string, unknown>[]> {
  const inputs = (h.backend as EmbeddedBackend).inputs;
  for (let attempt = 0; attempt < 100; attempt++) {
    await inputs.settled();
    const answer = await h.call("GET", `/search/universal/relative?range=0&limit=500&query=${encodeURIComponent(`gl2_source_input:${inputId}`)}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const messages = assertSchema(UniversalSearchResponseSchema, answer.body).messages.map((m) => m.message);
    if (messages.length >= expected) return messages;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Input ${inputId} did not store ${expected} messages`);
}

/** gelf-pro's calls as the tests use them (the package ships no types; its methods log at the named level). */
interface GelfProClient {
  setConfig(config: Record<string, unknown>): GelfProClient;
  info(message: string, extra: Record<string, unknown>, callback: (error: Error | null) => void): void;
  error(message: string, extra: Record<string, unknown>, callback: (error: Error | null) => void): void;
}

/** A gelf-pro client of its own (the module is a singleton that caches its adapter). */
const newGelfPro = () => Object.create(gelfPro) as GelfProClient;

function assertBadRequest(answer: { status: number; body: unknown }, message: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

function sendUdp(port: number, ...datagrams: (string | Uint8Array)[]): Promise<void> {
  const socket = createSocket("udp4");
  return new Promise((resolve, reject) => {
    let left = datagrams.length;
    for (const datagram of datagrams) {
      socket.send(datagram, port, "127.0.0.1", (error) => {
        if (error) reject(error);
        if (--left === 0) socket.close(() => resolve());
      });
    }
  });
}

function sendTcp(port: number, bytes: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(bytes));
    socket.on("error", reject);
    socket.on("close", () => resolve());
  });
}

function runLogger(args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile("logger", args, (error, _stdout, stderr) => (error ? reject(new Error(`logger failed: ${stderr}`)) : resolve()))
  );
}

apiTest("the input types answer Graylog's shapes with each type's configuration fields", async (h) => {
  const { types } = assertSchema(InputTypesSummarySchema, (await h.call("GET", "/system/inputs/types")).body);
  assert.equal(types[GELF_UDP], "GELF UDP");
  assert.equal(types[SYSLOG_TCP], "Syslog TCP");
  assert.equal(types[RAW_TCP], "Raw/Plaintext TCP");
  assert.equal(types["org.graylog2.inputs.misc.jsonpath.JsonPathInput"], "JSON path value from HTTP API");
  assert.equal(types["org.graylog2.inputs.demo.DemoTrafficInput"], "Demo traffic generator");
  assert.equal(Object.keys(types).length, 9);
  const all = assertSchema(InputTypeInfoMapSchema, (await h.call("GET", "/system/inputs/types/all")).body);
  const gelfTcp = all[GELF_TCP].requested_configuration;
  assert.deepEqual(
    { type: gelfTcp.port.type, default_value: gelfTcp.port.default_value, attributes: gelfTcp.port.attributes, is_optional: gelfTcp.port.is_optional },
    { type: "number", default_value: 12201, attributes: ["is_port_number"], is_optional: false },
  );
  assert.equal(gelfTcp.tls_key_password.is_encrypted, true);
  assert.deepEqual(gelfTcp.tls_key_password.attributes, ["is_password"]);
  const one = assertSchema(InputTypeInfoSchema, (await h.call("GET", `/system/inputs/types/${SYSLOG_UDP}`)).body);
  assert.equal(one.requested_configuration.store_full_message.type, "boolean");
  assert.equal(one.requested_configuration.port.default_value, 514);
  assert.equal((await h.call("GET", "/system/inputs/types/org.example.NoSuchInput")).status, 404);
});

apiTest("GELF UDP receives graylog2's plain and chunked datagrams and gelf-pro's zlib chunks", async (h) => {
  const port = await freeUdpPort();
  const id = await launch(h, anInput(GELF_UDP, port));
  assert.equal((await stateOf(h, id)).state, "RUNNING");

  const logger = new graylog2.graylog({ servers: [{ host: "127.0.0.1", port }], hostname: "graylog2-host", facility: "tests" });
  logger.log("short from graylog2", "", { request_id: "r-1" });
  logger.log("long from graylog2", "x".repeat(5000), { request_id: "r-2" }); // above 1,400 bytes: zlib and chunked
  await new Promise<void>((resolve) => logger.close(() => resolve()));

  const pro = newGelfPro();
  pro.setConfig({ fields: { facility: "gelf-pro" }, adapterName: "udp", adapterOptions: { host: "127.0.0.1", port, protocol: "udp4" } });
  await new Promise<void>((resolve, reject) => pro.info("hello from gelf-pro", { user_id: 42 }, (error) => (error ? reject(error) : resolve())));

  const messages = await received(h, id, 3);
  const byText = Object.fromEntries(messages.map((m) => [m.message, m]));
  assert.equal(byText["short from graylog2"].source, "graylog2-host");
  assert.equal(byText["short from graylog2"].request_id, "r-1");
  assert.equal(byText["long from graylog2"].full_message, "x".repeat(5000));
  assert.equal(byText["hello from gelf-pro"].user_id, 42);
  assert.equal(byText["hello from gelf-pro"].gl2_remote_ip, "127.0.0.1");
  assert.equal(byText["hello from gelf-pro"].gl2_source_input, id);

  const metrics = await h.call("POST", "/system/metrics/multiple", { body: { metrics: [`${GELF_UDP}.${id}.incomingMessages`] } });
  const [meter] = assertSchema(MetricsResponseSchema, metrics.body).metrics;
  assert.equal((meter.metric as { rate: { total: number } }).rate.total, 3);
});

apiTest("GELF TCP receives gelf-pro's NUL-terminated messages; a malformed frame is counted and dropped", async (h) => {
  const port = await freeTcpPort();
  const id = await launch(h, anInput(GELF_TCP, port));
  const pro = newGelfPro();
  pro.setConfig({ adapterName: "tcp", adapterOptions: { host: "127.0.0.1", port, family: 4, timeout: 2000 } });
  for (const n of [1, 2]) {
    await new Promise<void>((resolve, reject) => pro.error(`tcp message ${n}`, { n }, (error) => (error ? reject(error) : resolve())));
  }
  await sendTcp(port, "not json\0{\"host\":\"h\",\"short_message\":\"after the bad one\"}\0");
  const messages = await received(h, id, 3);
  assert.deepEqual(messages.map((m) => m.message).sort(), ["after the bad one", "tcp message 1", "tcp message 2"]);
  assert.equal(messages.find((m) => m.message === "tcp message 1")!.level, 3);
  const state = await stateOf(h, id);
  assert.equal(state.state, "RUNNING");
  assert.equal(state.detailed_message, "Dropped 1 malformed message; the last: invalid JSON");
});

apiTest("GELF HTTP takes plain and gzip POSTs to /gelf, answers 202, and 400 with the reason for a bad body", async (h) => {
  const port = await freeTcpPort();
  const id = await launch(h, anInput(GELF_HTTP, port));
  const url = `http://127.0.0.1:${port}/gelf`;
  const plain = await fetch(url, { method: "POST", body: JSON.stringify({ version: "1.1", host: "web-1", short_message: "over http", _status: 200 }), headers: { Origin: "http://app.example" } });
  assert.equal(plain.status, 202);
  assert.equal(plain.headers.get("Access-Control-Allow-Origin"), "http://app.example");
  await plain.body?.cancel();
  const zipped = await fetch(url, { method: "POST", body: new Uint8Array(gzipSync(JSON.stringify({ host: "web-2", short_message: "gzipped over http" }))), headers: { "Content-Encoding": "gzip" } });
  assert.equal(zipped.status, 202);
  await zipped.body?.cancel();
  const bad = await fetch(url, { method: "POST", body: JSON.stringify({ host: "web-3" }) });
  assert.equal(bad.status, 400);
  assert.equal(await bad.text(), "missing short_message");
  const messages = await received(h, id, 2);
  assert.deepEqual(messages.map((m) => `${m.source}: ${m.message}`).sort(), ["web-1: over http", "web-2: gzipped over http"]);
  assert.equal(messages.find((m) => m.source === "web-1")!.status, 200);
});

apiTest("Syslog UDP and TCP receive util-linux logger's RFC 3164 and RFC 5424 messages, octet-counted over TCP", async (h) => {
  const udpPort = await freeUdpPort();
  const tcpPort = await freeTcpPort();
  const udp = await launch(h, anInput(SYSLOG_UDP, udpPort, { configuration: { bind_address: "127.0.0.1", port: udpPort, store_full_message: true } }));
  const tcp = await launch(h, anInput(SYSLOG_TCP, tcpPort));
  await runLogger(["--udp", "--server", "127.0.0.1", "--port", String(udpPort), "--rfc3164", "-t", "backup", "-p", "local3.warning", "nightly backup done"]);
  await runLogger(["--udp", "--server", "127.0.0.1", "--port", String(udpPort), "--rfc5424", "-t", "deployer", "-p", "user.err", "deploy failed"]);
  await runLogger(["--tcp", "--octet-count", "--server", "127.0.0.1", "--port", String(tcpPort), "--rfc5424", "-t", "sshd", "-p", "auth.info", "accepted publickey"]);

  const overUdp = await received(h, udp, 2);
  const backup = overUdp.find((m) => m.message === "nightly backup done")!;
  assert.equal(backup.application_name, "backup");
  assert.equal(backup.level, 4);
  assert.equal(backup.facility, "local3");
  assert.match(String(backup.full_message), /^<156>.*backup.*nightly backup done$/);
  const deploy = overUdp.find((m) => m.message === "deploy failed")!;
  assert.equal(deploy.level, 3);
  assert.equal(deploy.application_name, "deployer");
  const [sshd] = await received(h, tcp, 1);
  assert.equal(sshd.message, "accepted publickey");
  assert.equal(sshd.application_name, "sshd");
  assert.equal(sshd.facility, "security/authorization");
});

apiTest("Raw/Plaintext UDP and TCP store each datagram or line as a message from the sender's address", async (h) => {
  const udpPort = await freeUdpPort();
  const tcpPort = await freeTcpPort();
  const udp = await launch(h, anInput(RAW_UDP, udpPort));
  const tcp = await launch(h, anInput(RAW_TCP, tcpPort, { configuration: { bind_address: "127.0.0.1", port: tcpPort, override_source: "edge-router" } }));
  await sendUdp(udpPort, "first raw datagram", "second raw datagram");
  await sendTcp(tcpPort, "line one\nline two\r\nline three");
  const overUdp = await received(h, udp, 2);
  assert.deepEqual(overUdp.map((m) => m.message).sort(), ["first raw datagram", "second raw datagram"]);
  assert.equal(overUdp[0].source, "127.0.0.1");
  const overTcp = await received(h, tcp, 3);
  assert.deepEqual(overTcp.map((m) => m.message).sort(), ["line one", "line three", "line two"]);
  assert.ok(overTcp.every((m) => m.source === "edge-router"));
});

apiTest("a port already in use fails only that input, with the reason; malformed datagrams never stop a listener", async (h) => {
  const port = await freeUdpPort();
  const first = await launch(h, anInput(GELF_UDP, port));
  const second = await launch(h, anInput(GELF_UDP, port, { title: "Same port" }));
  const failed = await stateOf(h, second);
  assert.equal(failed.state, "FAILED");
  assert.equal(failed.detailed_message, `Could not bind to 127.0.0.1:${port}: the address is already in use.`);
  await sendUdp(
    port,
    new Uint8Array([0x78, 0x9c, 1, 2, 3]), // a broken zlib stream
    new Uint8Array([0x1e, 0x0f, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0]), // a chunk claiming zero chunks
    "{\"host\":\"h\"}",
    JSON.stringify({ host: "h", short_message: "still listening" }),
  );
  const messages = await received(h, first, 1);
  assert.equal(messages[0].message, "still listening");
  const state = await stateOf(h, first);
  assert.equal(state.state, "RUNNING");
  assert.match(String(state.detailed_message), /^Dropped 3 malformed messages; the last: /);
  const all = assertSchema(InputStatesListSchema, (await h.call("GET", "/system/inputstates")).body);
  assert.deepEqual(all.states.map((s) => s.state).sort(), ["FAILED", "RUNNING"]);
  const cluster = assertSchema(ClusterInputStatesSchema, (await h.call("GET", "/cluster/inputstates")).body);
  assert.equal(Object.values(cluster)[0].length, 2);
});

apiTest("stopping frees the port, starting listens again, editing restarts on the new configuration", async (h) => {
  const port = await freeUdpPort();
  const id = await launch(h, anInput(RAW_UDP, port));
  const stopped = await h.call("DELETE", `/system/inputstates/${id}`);
  assert.equal(stopped.status, 200);
  assert.deepEqual(assertSchema(InputCreatedSchema, stopped.body), { id });
  assert.equal((await stateOf(h, id)).state, "STOPPED");
  await sendUdp(port, "while stopped");
  assert.equal((await h.call("PUT", `/system/inputstates/${id}`)).status, 200);
  assert.equal((await stateOf(h, id)).state, "RUNNING");
  await sendUdp(port, "after the start");

  const newPort = await freeUdpPort();
  const edited = await h.call("PUT", `/system/inputs/${id}`, { body: anInput(RAW_UDP, newPort, { title: "Renamed" }) });
  assert.equal(edited.status, 201);
  const input = assertSchema(InputSummarySchema, (await h.call("GET", `/system/inputs/${id}`)).body);
  assert.equal(input.title, "Renamed");
  assert.equal(input.attributes.port, newPort);
  await sendUdp(newPort, "on the new port");
  const messages = await received(h, id, 2);
  assert.deepEqual(messages.map((m) => m.message).sort(), ["after the start", "on the new port"]);

  const clusterStop = await h.call("DELETE", `/cluster/inputstates/${id}`);
  assert.equal(clusterStop.status, 200);
  assert.equal((await stateOf(h, id)).state, "STOPPED");
  assert.equal((await h.call("DELETE", `/system/inputs/${id}`)).status, 204);
  assert.equal((await h.call("GET", `/system/inputs/${id}`)).status, 404);
  assert.equal(assertSchema(InputsListSchema, (await h.call("GET", "/system/inputs")).body).total, 0);
});

apiTest("static fields are added to the messages received after them, and removed", async (h) => {
  const port = await freeUdpPort();
  const id = await launch(h, anInput(RAW_UDP, port));
  assert.equal((await h.call("POST", `/system/inputs/${id}/staticfields`, { body: { key: "datacenter", value: "fra-1" } })).status, 201);
  const input = assertSchema(InputSummarySchema, (await h.call("GET", `/system/inputs/${id}`)).body);
  assert.deepEqual(input.static_fields, { datacenter: "fra-1" });
  await sendUdp(port, "tagged");
  const [tagged] = await received(h, id, 1);
  assert.equal(tagged.datacenter, "fra-1");
  assert.equal((await h.call("DELETE", `/system/inputs/${id}/staticfields/datacenter`)).status, 204);
  assert.equal((await h.call("DELETE", `/system/inputs/${id}/staticfields/datacenter`)).status, 404);
  await sendUdp(port, "untagged");
  const messages = await received(h, id, 2);
  assert.equal(messages.find((m) => m.message === "untagged")!.datacenter, undefined);
  assertBadRequest(await h.call("POST", `/system/inputs/${id}/staticfields`, { body: { key: "bad key", value: "x" } }), /key may contain only letters, digits, underscores, dots and dashes/);
  assertBadRequest(await h.call("POST", `/system/inputs/${id}/staticfields`, { body: { key: "source", value: "x" } }), /reserved/);
});

apiTest("an encrypted field is set, kept, and reset, and reads back only as is_set", async (h) => {
  const port = await freeTcpPort();
  const withSecret = { bind_address: "127.0.0.1", port, tls_key_password: { set_value: "s3cret" } };
  const id = await launch(h, anInput(GELF_TCP, port, { configuration: withSecret }));
  const read = async () => assertSchema(InputSummarySchema, (await h.call("GET", `/system/inputs/${id}`)).body).attributes.tls_key_password;
  assert.deepEqual(await read(), { is_set: true });
  assert.ok(!JSON.stringify((await h.call("GET", "/system/inputs")).body).includes("s3cret"));
  await h.call("PUT", `/system/inputs/${id}`, { body: anInput(GELF_TCP, port, { configuration: { ...withSecret, tls_key_password: { keep_value: true } } }) });
  assert.deepEqual(await read(), { is_set: true });
  await h.call("PUT", `/system/inputs/${id}`, { body: anInput(GELF_TCP, port, { configuration: { ...withSecret, tls_key_password: { delete_value: true } } }) });
  assert.deepEqual(await read(), { is_set: false });
});

apiTest("every bad launch is a 400 naming the field; unknown ids 404; readers may not launch", async (h) => {
  const port = await freeUdpPort();
  assertBadRequest(await h.call("POST", "/system/inputs", { body: { type: GELF_UDP, configuration: {} } }), /title/);
  assertBadRequest(await h.call("POST", "/system/inputs", { body: anInput("org.example.Nope", port) }), /^type org\.example\.Nope is not a known input type$/);
  assertBadRequest(await h.call("POST", "/system/inputs", { body: anInput(GELF_UDP, 70000) }), /^configuration\.port must be a port number between 1 and 65535$/);
  assertBadRequest(await h.call("POST", "/system/inputs", { body: anInput(GELF_UDP, port, { configuration: { port: "abc" } }) }), /^configuration\.port must be a number$/);
  assertBadRequest(await h.call("POST", "/system/inputs", { body: anInput(GELF_UDP, port, { configuration: { port, colour: "red" } }) }), /^configuration\.colour is not a field/);
  assertBadRequest(await h.call("POST", "/system/inputs", { body: anInput(SYSLOG_UDP, port, { configuration: { port, store_full_message: "yes" } }) }), /^configuration\.store_full_message must be true or false$/);
  assertBadRequest(await h.call("POST", "/system/inputs", { body: { ...anInput(GELF_UDP, port), extra: 1 } }), /extra/);
  assertBadRequest(await h.call("GET", "/system/inputs/not-an-id"), /inputId/);
  assert.equal((await h.call("GET", "/system/inputs/0123456789abcdef01234567")).status, 404);
  assert.equal((await h.call("PUT", "/system/inputstates/0123456789abcdef01234567")).status, 404);
  const refused = await h.call("POST", "/system/inputs", { body: anInput(GELF_UDP, port), cookie: h.readerCookie });
  assert.equal(refused.status, 403);
  assert.deepEqual(refused.body, FORBIDDEN_BODY);
  assert.equal(assertSchema(InputsListSchema, (await h.call("GET", "/system/inputs")).body).total, 0);
});

Deno.test("inputs that were running listen again after a restart; stopped ones stay stopped", async () => {
  const directory = await Deno.makeTempDir();
  const path = `${directory}/sluice.duckdb`;
  const open = () => openEmbeddedBackend({ databasePath: path, adminPassword: "admin", demoMessages: 0, demoRate: 0 });
  const [runningPort, stoppedPort] = [await freeUdpPort(), await freeUdpPort()];
  let backend = await open();
  try {
    const running = await backend.inputs.create({ title: "kept", type: RAW_UDP, global: true, configuration: { bind_address: "127.0.0.1", port: runningPort } }, "admin");
    const stopped = await backend.inputs.create({ title: "off", type: RAW_UDP, global: true, configuration: { bind_address: "127.0.0.1", port: stoppedPort } }, "admin");
    await backend.inputs.stop(stopped.id);
    await backend.close();
    backend = await open();
    assert.equal((await backend.inputs.state(running.id))!.state, "RUNNING");
    assert.equal((await backend.inputs.state(stopped.id))!.state, "STOPPED");
    await sendUdp(runningPort, "after the restart");
    for (let attempt = 0; attempt < 100 && await backend.messageStore.count() === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await backend.inputs.settled();
    }
    assert.equal(await backend.messageStore.count(), 1);
  } finally {
    await backend.close();
    await Deno.remove(directory, { recursive: true });
  }
});
