/**
 * The log shipper of bench/ingest-inputs.ts, in a process of its own so that its CPU is not counted as the server's
 * and a busy server cannot slow the sending down (a real shipper's datagrams do not wait for the receiver). Sends
 * GELF documents and prints one JSON line: `{ sent, refused, seconds }`.
 *
 *   deno run -A bench/ingest-sender.ts --transport tcp|http|udp --port N --messages N [--rate N] [--http-clients N]
 *
 * TCP: one connection, NUL-terminated frames written a few hundred at a time (as shippers buffer them); the writes
 * wait while the socket's buffer is full (the server's back-pressure). HTTP: keep-alive clients POSTing one message
 * each. UDP: one datagram per message. With `--rate`, messages go out at that rate in 10 ms slices.
 */
import { createSocket } from "node:dgram";
import { connect } from "node:net";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  args: Deno.args,
  options: {
    transport: { type: "string" },
    port: { type: "string" },
    messages: { type: "string" },
    rate: { type: "string", default: "0" },
    "http-clients": { type: "string", default: "128" },
  },
});
const PORT = Number(args.port);
const MESSAGES = Number(args.messages);
const RATE = Number(args.rate);

const gelfDocument = (i: number) =>
  JSON.stringify({
    version: "1.1",
    host: `web-${i % 20}`,
    short_message: `GET /api/orders/${i} 200 ${i % 997}ms`,
    level: 6,
    _status: 200,
    _bytes: i % 5000,
  });

/** Calls `send(from, to)` for every message, all at once or at RATE per second in 10 ms slices. */
async function paced(send: (from: number, to: number) => Promise<void> | void): Promise<void> {
  if (RATE <= 0) return await send(0, MESSAGES);
  const started = performance.now();
  let sent = 0;
  while (sent < MESSAGES) {
    const due = Math.min(MESSAGES, Math.floor(((performance.now() - started) / 1000) * RATE));
    if (due > sent) await send(sent, due);
    sent = Math.max(sent, due);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const started = performance.now();
let refused = 0;
if (args.transport === "tcp") {
  const socket = connect({ host: "127.0.0.1", port: PORT });
  await new Promise((resolve) => socket.once("connect", resolve));
  await paced(async (from, to) => {
    for (let at = from; at < to; at += 256) {
      let chunk = "";
      for (let i = at; i < Math.min(to, at + 256); i++) chunk += `${gelfDocument(i)}\0`;
      if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve));
    }
  });
  await new Promise<void>((resolve) => socket.end(resolve));
} else if (args.transport === "http") {
  let next = 0;
  let end = 0;
  const client = async () => {
    while (next < end) {
      const i = next++;
      const answer = await fetch(`http://127.0.0.1:${PORT}/gelf`, { method: "POST", body: gelfDocument(i) });
      if (answer.status !== 202) refused++;
      await answer.body?.cancel();
    }
  };
  await paced(async (_from, to) => {
    end = to;
    await Promise.all(Array.from({ length: Number(args["http-clients"]) }, client));
  });
} else if (args.transport === "udp") {
  const socket = createSocket("udp4");
  await paced((from, to) => {
    for (let i = from; i < to; i++) socket.send(gelfDocument(i), PORT, "127.0.0.1");
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.close();
} else {
  throw new Error(`unknown transport ${args.transport}`);
}
console.log(JSON.stringify({ sent: MESSAGES, refused, seconds: (performance.now() - started) / 1000 }));
