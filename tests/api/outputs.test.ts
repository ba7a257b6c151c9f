import assert from "node:assert/strict";
import { createSocket } from "node:dgram";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { MetricsResponseSchema } from "../../api/schemas/metrics.ts";
import { AvailableOutputsSchema, OutputListSchema, OutputSummarySchema } from "../../api/schemas/outputs.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { type ApiHarness, apiSuite } from "../helpers/api-harness.ts";
import { freeUdpPort } from "../helpers/free-port.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("outputs: /system/outputs and /streams/{streamId}/outputs");

const GELF = "org.graylog2.outputs.GelfOutput";
const FILE = "org.graylog2.outputs.FileOutput";
const gelfOutput = (port: number, protocol: "TCP" | "UDP", title = "forwarder") => ({
  title,
  type: GELF,
  configuration: { hostname: "127.0.0.1", port, protocol },
});

async function createOutput(h: ApiHarness, body: unknown) {
  const answer = await h.call("POST", "/system/outputs", { body });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return assertSchema(OutputSummarySchema, answer.body);
}

async function refusal(h: ApiHarness, method: "POST" | "PUT", path: string, body: unknown): Promise<string> {
  const answer = await h.call(method, path, { body });
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  return assertSchema(ApiErrorSchema, answer.body).message;
}

/** Sends one raw line to a Raw UDP input on loopback, which stores it in the default stream. */
async function rawInput(h: ApiHarness): Promise<(text: string) => Promise<void>> {
  const port = await freeUdpPort();
  const answer = await h.call("POST", "/system/inputs", {
    body: { title: "raw", type: "org.graylog2.inputs.raw.udp.RawUDPInput", global: true, configuration: { bind_address: "127.0.0.1", port } },
  });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return (text) => {
    const socket = createSocket("udp4");
    return new Promise((resolve, reject) => socket.send(text, port, "127.0.0.1", (error) => (error ? reject(error) : socket.close(() => resolve()))));
  };
}

/** Resolves with the first GELF document `receive` gets whose short_message starts with `text`. */
function documentWith(documents: Record<string, unknown>[], text: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const found = documents.find((document) => String(document.short_message).startsWith(text));
      if (found) resolve(found);
      else if (Date.now() - started > 10_000) reject(new Error(`no GELF message ${text}`));
      else setTimeout(poll, 25);
    };
    poll();
  });
}

suite.test("the available types are the GELF, STDOUT and file outputs, with their configuration", async (h) => {
  const available = assertSchema(AvailableOutputsSchema, (await h.call("GET", "/system/outputs/available")).body);
  assert.deepEqual(Object.keys(available.types).sort(), [FILE, GELF, "org.graylog2.outputs.LoggingOutput"]);
  assert.equal(available.types[FILE].human_name, "File Output");
  assert.deepEqual(Object.keys(available.types[FILE].requested_configuration), ["path"]);
  assert.equal(available.types[GELF].human_name, "GELF Output");
  assert.deepEqual(Object.keys(available.types[GELF].requested_configuration).sort(), ["hostname", "port", "protocol"]);
  assert.deepEqual(available.types[GELF].requested_configuration.protocol.additional_info.values, { TCP: "TCP", UDP: "UDP" });
  assert.equal(available.types["org.graylog2.outputs.LoggingOutput"].human_name, "STDOUT Output");
});

suite.test("an output is created, read, changed and deleted; it leaves the streams it was attached to", async (h) => {
  const created = await createOutput(h, { ...gelfOutput(23990, "UDP"), streams: [DEFAULT_STREAM_ID] });
  assert.equal(created.type, GELF);
  assert.equal(created.creator_user_id, "admin");
  assert.deepEqual(created.configuration, { hostname: "127.0.0.1", port: 23990, protocol: "UDP" });
  const list = assertSchema(OutputListSchema, (await h.call("GET", "/system/outputs")).body);
  assert.deepEqual(list.outputs.map((output) => output.id), [created.id]);
  assert.equal(list.total, 1);
  assert.deepEqual(assertSchema(OutputSummarySchema, (await h.call("GET", `/system/outputs/${created.id}`)).body), created);

  const changed = await h.call("PUT", `/system/outputs/${created.id}`, { body: { title: "renamed", configuration: { hostname: "localhost", port: 23991, protocol: "TCP" } } });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const summary = assertSchema(OutputSummarySchema, changed.body);
  assert.equal(summary.title, "renamed");
  assert.deepEqual(summary.configuration, { hostname: "localhost", port: 23991, protocol: "TCP" });

  const ofStream = assertSchema(OutputListSchema, (await h.call("GET", `/streams/${DEFAULT_STREAM_ID}/outputs`)).body);
  assert.deepEqual(ofStream.outputs.map((output) => output.title), ["renamed"]);
  assert.equal((await h.call("DELETE", `/system/outputs/${created.id}`)).status, 204);
  assert.equal((await h.call("GET", `/system/outputs/${created.id}`)).status, 404);
  assert.equal((await h.call("DELETE", `/system/outputs/${created.id}`)).status, 404);
  assert.equal(assertSchema(OutputListSchema, (await h.call("GET", `/streams/${DEFAULT_STREAM_ID}/outputs`)).body).total, 0);
});

suite.test("bad bodies get a 400 naming the field", async (h) => {
  assert.match(await refusal(h, "POST", "/system/outputs", { ...gelfOutput(23990, "UDP"), title: "" }), /title/);
  assert.match(await refusal(h, "POST", "/system/outputs", { ...gelfOutput(23990, "UDP"), type: "org.example.Nope" }), /type/);
  assert.match(await refusal(h, "POST", "/system/outputs", { title: "x", type: GELF, configuration: { port: 23990, protocol: "UDP" } }), /configuration\.hostname/);
  assert.match(await refusal(h, "POST", "/system/outputs", gelfOutput(70000, "UDP")), /configuration\.port/);
  assert.match(await refusal(h, "POST", "/system/outputs", { ...gelfOutput(23990, "UDP"), configuration: { hostname: "h", port: 1, protocol: "SCTP" } }), /configuration\.protocol/);
  assert.match(await refusal(h, "POST", "/system/outputs", { ...gelfOutput(23990, "UDP"), streams: ["nope"] }), /streams/);
  assert.match(await refusal(h, "POST", "/system/outputs", { ...gelfOutput(23990, "UDP"), colour: "red" }), /colour/);
  const output = await createOutput(h, gelfOutput(23990, "UDP"));
  assert.match(await refusal(h, "PUT", `/system/outputs/${output.id}`, { configuration: { hostname: "h", port: "x", protocol: "UDP" } }), /configuration\.port/);
  assert.match(await refusal(h, "POST", `/streams/${DEFAULT_STREAM_ID}/outputs`, { outputs: [] }), /outputs/);
  assert.match(await refusal(h, "POST", `/streams/${DEFAULT_STREAM_ID}/outputs`, { outputs: ["0123456789abcdef01234567"] }), /outputs/);
  assert.equal((await h.call("GET", "/streams/no-such-stream/outputs")).status, 404);
  assert.equal((await h.call("DELETE", `/streams/${DEFAULT_STREAM_ID}/outputs/${output.id}`)).status, 404);
  assert.equal((await h.call("DELETE", `/system/outputs/${output.id}`)).status, 204);
});

suite.test("messages routed to a stream are forwarded as GELF over UDP to its outputs; detached, no longer", async (h) => {
  const documents: Record<string, unknown>[] = [];
  const receiver = createSocket("udp4");
  receiver.on("message", (datagram) => documents.push(JSON.parse(datagram.toString("utf-8"))));
  await new Promise<void>((resolve) => receiver.bind(0, "127.0.0.1", () => resolve()));
  try {
    const output = await createOutput(h, gelfOutput(receiver.address().port, "UDP"));
    const attached = await h.call("POST", `/streams/${DEFAULT_STREAM_ID}/outputs`, { body: { outputs: [output.id] } });
    assert.equal(attached.status, 202);
    const send = await rawInput(h);
    await send("checkout failed status=500");
    const forwarded = await documentWith(documents, "checkout failed");
    assert.equal(forwarded.version, "1.1");
    assert.equal(forwarded.short_message, "checkout failed status=500");
    assert.equal(typeof forwarded.timestamp, "number");
    assert.equal(forwarded.host, "127.0.0.1");

    assert.equal((await h.call("DELETE", `/streams/${DEFAULT_STREAM_ID}/outputs/${output.id}`)).status, 204);
    await send("after detaching");
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(documents.some((document) => String(document.short_message).startsWith("after detaching")), false);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

/** The output's written-message meter (`{type}.{id}.writes`), or undefined when the registry has none. */
async function writesMeter(h: ApiHarness, output: { id: string; type: string }) {
  const name = `${output.type}.${output.id}.writes`;
  const answer = assertSchema(MetricsResponseSchema, (await h.call("POST", "/system/metrics/multiple", { body: { metrics: [name] } })).body);
  return answer.metrics.find((metric) => metric.full_name === name);
}

suite.test("the GELF output sends over TCP as null-terminated frames; its meter counts what it wrote", async (h) => {
  const documents: Record<string, unknown>[] = [];
  const server = createServer((socket) => {
    let pending = "";
    socket.on("data", (chunk) => {
      pending += chunk.toString("utf-8");
      const frames = pending.split("\0");
      pending = frames.pop() ?? "";
      for (const frame of frames) documents.push(JSON.parse(frame));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  try {
    const port = (server.address() as { port: number }).port;
    const output = await createOutput(h, { ...gelfOutput(port, "TCP", "tcp forwarder"), streams: [DEFAULT_STREAM_ID] });
    const send = await rawInput(h);
    await send("first over tcp");
    await send("second over tcp");
    assert.equal((await documentWith(documents, "first over tcp")).short_message, "first over tcp");
    assert.equal((await documentWith(documents, "second over tcp")).short_message, "second over tcp");
    const meter = await writesMeter(h, output);
    assert.ok(meter?.type === "meter", "the output has a writes meter");
    assert.equal(meter.metric.rate.total, 2);
    // Deleting the output closes its connection, so the receiver can stop; its meter goes with it.
    assert.equal((await h.call("DELETE", `/system/outputs/${output.id}`)).status, 204);
    assert.equal(await writesMeter(h, output), undefined);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

suite.test("the file output refuses a path it cannot write to, naming configuration.path", async (h) => {
  const directory = await mkdtemp(join(tmpdir(), "sluice-file-output-"));
  try {
    const fileOutput = (path: string) => ({ title: "archive", type: FILE, configuration: { path } });
    assert.match(await refusal(h, "POST", "/system/outputs", fileOutput("relative/messages.jsonl")), /configuration\.path must be an absolute path/);
    assert.match(await refusal(h, "POST", "/system/outputs", fileOutput(join(directory, "missing", "messages.jsonl"))), /configuration\.path: the directory .* does not exist/);
    assert.match(await refusal(h, "POST", "/system/outputs", fileOutput(directory)), /configuration\.path must name a file/);
    assert.match(await refusal(h, "POST", "/system/outputs", fileOutput(`${directory}/`)), /configuration\.path must name a file/);
    assert.match(await refusal(h, "POST", "/system/outputs", { title: "archive", type: FILE, configuration: {} }), /configuration\.path is required/);
    const output = await createOutput(h, fileOutput(join(directory, "messages.jsonl")));
    assert.match(await refusal(h, "PUT", `/system/outputs/${output.id}`, { configuration: { path: "messages.jsonl" } }), /configuration\.path/);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

suite.test("the file output appends one JSON line per message routed to its stream", async (h) => {
  const directory = await mkdtemp(join(tmpdir(), "sluice-file-output-"));
  const path = join(directory, "messages.jsonl");
  try {
    await createOutput(h, { title: "archive", type: FILE, configuration: { path }, streams: [DEFAULT_STREAM_ID] });
    const send = await rawInput(h);
    await send("disk quota warning on /var");
    await send("disk quota exceeded on /var");
    const lines = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const started = Date.now();
      const poll = async () => {
        const text = await readFile(path, "utf-8").catch(() => "");
        const parsed = text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
        if (parsed.length >= 2) resolve(parsed);
        else if (Date.now() - started > 10_000) reject(new Error(`file output wrote ${parsed.length} lines`));
        else setTimeout(() => void poll(), 50);
      };
      void poll();
    });
    assert.deepEqual(lines.map((line) => line.message).sort(), ["disk quota exceeded on /var", "disk quota warning on /var"]);
    assert.equal(lines[0].source, "127.0.0.1");
    assert.match(String(lines[0].timestamp), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});
