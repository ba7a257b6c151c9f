import assert from "node:assert/strict";
import { connect } from "node:net";
import { IngestJournal } from "../../../mock-backend/ingest/ingest-journal.ts";
import { GelfCodec } from "../../../mock-backend/inputs/codecs/gelf-codec.ts";
import { RunningInput } from "../../../mock-backend/inputs/running-input.ts";
import { listenHttp } from "../../../mock-backend/inputs/transports/http-transport.ts";
import { listenTcp } from "../../../mock-backend/inputs/transports/tcp-transport.ts";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";
import { freeTcpPort } from "../../helpers/free-port.ts";

/** About 1 KB each: 20,000 of them are more than the loopback socket's buffers hold. */
const gelf = (i: number) =>
  JSON.stringify({ version: "1.1", host: "web-1", short_message: `order ${i}`, _padding: "x".repeat(1_000) });
const codec = () => new GelfCodec({ chunked: false, decompressSizeLimit: 8_388_608 });
const BACKLOG = 500;

/**
 * A store slowed down (a slow disk, a busy search): each batch takes 30 ms. Records what it stored and the most
 * messages the input held unstored at once (what it buffered plus what it handed over).
 */
function slowStore() {
  const stored: IncomingMessage[] = [];
  let held = 0;
  const state = { stored, maxHeld: 0 };
  const ingest = async (messages: IncomingMessage[]) => {
    held += messages.length;
    state.maxHeld = Math.max(state.maxHeld, held);
    await new Promise((resolve) => setTimeout(resolve, 30));
    stored.push(...messages);
    held -= messages.length;
  };
  return { state, ingest };
}

Deno.test("a slow store makes GELF TCP stop reading instead of dropping: every message stored, in order, the backlog bounded", async () => {
  const { state, ingest } = slowStore();
  const input = new RunningInput({
    id: "input-tcp",
    type: "org.graylog2.inputs.gelf.tcp.GELFTCPInput",
    codec: codec(),
    overrideSource: null,
    ingest,
    flushIntervalMs: 1,
    backlogLimit: BACKLOG,
  });
  const port = await freeTcpPort();
  const transport = await listenTcp({
    bindAddress: "127.0.0.1",
    port,
    framing: "nul",
    maxFrameBytes: 65_536,
    tls: null,
  }, input);
  const total = 20_000;
  const socket = connect({ host: "127.0.0.1", port });
  await new Promise((resolve) => socket.once("connect", resolve));
  let waitedForDrain = 0;
  for (let at = 0; at < total; at += 100) {
    let chunk = "";
    for (let i = at; i < at + 100; i++) chunk += `${gelf(i)}\0`;
    if (!socket.write(chunk)) {
      (waitedForDrain++, await new Promise((resolve) => socket.once("drain", resolve)));
    }
  }
  await new Promise<void>((resolve) => socket.end(resolve));
  while (state.stored.length < total) await new Promise((resolve) => setTimeout(resolve, 50));
  await input.close();
  await transport.stop();

  assert.equal(state.stored.length, total);
  assert.deepEqual(
    state.stored.map((message) => message.message),
    Array.from({ length: total }, (_, i) => `order ${i}`),
  );
  assert.equal(input.malformedTotal, 0);
  assert.equal(input.failedToStore, 0);
  // Reading pauses once the backlog is full; what one read brought in (at most 64 KiB: ~64 frames) still goes.
  assert.ok(state.maxHeld <= BACKLOG + 100, `held at most ${state.maxHeld} messages unstored`);
  assert.ok(waitedForDrain > 0, "the sender had to wait: the server stopped reading");
});

Deno.test("a slow store holds GELF HTTP bodies unread instead of dropping: every 202 is stored, the backlog bounded", async () => {
  const directory = await Deno.makeTempDir({ prefix: "sluice-back-pressure-" });
  const { state, ingest } = slowStore();
  const input = new RunningInput({
    id: "input-http",
    type: "org.graylog2.inputs.gelf.http.GELFHttpInput",
    codec: codec(),
    overrideSource: null,
    ingest,
    flushIntervalMs: 1,
    backlogLimit: BACKLOG,
    journal: await IngestJournal.open(directory, "input-http"),
  });
  const port = await freeTcpPort();
  const transport = await listenHttp({
    bindAddress: "127.0.0.1",
    port,
    path: "/gelf",
    enableCors: false,
    maxBodyBytes: 65_536,
  }, input);
  const total = 1_500;
  const clients = 32;
  let next = 0;
  const acknowledged: number[] = [];
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < total) {
      const i = next++;
      const answer = await fetch(`http://127.0.0.1:${port}/gelf`, { method: "POST", body: gelf(i) });
      await answer.body?.cancel();
      if (answer.status === 202) acknowledged.push(i);
    }
  }));
  await input.settled();
  await input.close();
  await transport.stop();
  await Deno.remove(directory, { recursive: true });

  assert.equal(acknowledged.length, total, "every message acknowledged");
  const stored = new Set(state.stored.map((message) => message.message));
  assert.deepEqual(
    acknowledged.filter((i) => !stored.has(`order ${i}`)),
    [],
    "no acknowledged message missing",
  );
  assert.equal(state.stored.length, total, "none stored twice");
  // Each waiting request checks the backlog before reading its body: at most one body per client gets past it at once.
  assert.ok(state.maxHeld <= BACKLOG + clients, `held at most ${state.maxHeld} messages unstored`);
});
