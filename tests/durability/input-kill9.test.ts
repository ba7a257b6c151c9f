/**
 * An input receiving GELF when the server is killed with SIGKILL (issue 22 item 3): the database opens again and
 * every message the GELF HTTP input acknowledged (202) is stored, once. GELF over TCP has no acknowledgement, so
 * there the test holds what can be held: the database opens, and what was stored is whole messages, each once.
 */
import assert from "node:assert/strict";
import { connect } from "node:net";
import { call, type ServerProcess, startServer } from "./server-process.ts";

const BASE_PORT = Number(Deno.env.get("SLUICE_E2E_PORT") ?? "27000");
const GELF_HTTP = "org.graylog2.inputs.gelf.http.GELFHttpInput";
const GELF_TCP = "org.graylog2.inputs.gelf.tcp.GELFTCPInput";

async function launchInput(server: ServerProcess, type: string, port: number): Promise<string> {
  const answer = await call(server.base, "POST", "/system/inputs", {
    title: `Durable ${type.split(".").pop()}`,
    type,
    global: true,
    configuration: { bind_address: "127.0.0.1", port },
  });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  const id = (answer.body as { id: string }).id;
  for (let attempt = 0; attempt < 100; attempt++) {
    const state = (await call(server.base, "GET", `/system/inputstates/${id}`)).body as { state?: string };
    if (state.state === "RUNNING") return id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`input ${id} did not start`);
}

/** The `seq` of every message the input stored, in the order found. */
async function storedSequence(server: ServerProcess, inputId: string): Promise<number[]> {
  const query = encodeURIComponent(`gl2_source_input:${inputId}`);
  const answer = await call(server.base, "GET", `/search/universal/relative?range=0&limit=10000&query=${query}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const messages = (answer.body as { messages: { message: Record<string, unknown> }[] }).messages.map((m) => m.message);
  for (const message of messages) assert.match(String(message.message), /^durable \d+$/, "a stored message is whole");
  return messages.map((message) => Number(message.seq));
}

Deno.test("every GELF message an input acknowledged before kill -9 is stored once; a TCP stream cut off stores whole messages", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-durability-input-" });
  const httpPort = BASE_PORT + 760;
  const tcpPort = BASE_PORT + 761;
  const acknowledged = new Set<number>();
  let httpInput: string;
  let tcpInput: string;
  try {
    const first = await startServer(dataDir, 0);
    let stop = false;
    try {
      httpInput = await launchInput(first, GELF_HTTP, httpPort);
      tcpInput = await launchInput(first, GELF_TCP, tcpPort);
      let next = 0;
      // Four HTTP senders POST one message each at a time; a 202 is an acknowledgement.
      const sender = async () => {
        while (!stop) {
          const seq = next++;
          try {
            const answer = await fetch(`http://127.0.0.1:${httpPort}/gelf`, {
              method: "POST",
              body: JSON.stringify({ version: "1.1", host: "durable-http", short_message: `durable ${seq}`, _seq: seq }),
            });
            await answer.body?.cancel();
            if (answer.status === 202) acknowledged.add(seq);
          } catch {
            return; // the server is gone
          }
        }
      };
      // One TCP sender streams NUL-terminated messages on one connection until the server is gone.
      const tcp = connect(tcpPort, "127.0.0.1");
      tcp.on("error", () => {});
      let tcpSeq = 1_000_000;
      const tcpTimer = setInterval(() => {
        if (stop || tcp.destroyed) return;
        for (let i = 0; i < 50; i++, tcpSeq++) {
          tcp.write(`${JSON.stringify({ version: "1.1", host: "durable-tcp", short_message: `durable ${tcpSeq}`, _seq: tcpSeq })}\0`);
        }
      }, 10);
      const senders = Array.from({ length: 4 }, sender);
      while (acknowledged.size < 300) await new Promise((resolve) => setTimeout(resolve, 20));
      // The kill falls while every sender has a message in flight.
      await first.kill();
      stop = true;
      clearInterval(tcpTimer);
      tcp.destroy();
      await Promise.all(senders);
    } finally {
      stop = true;
      await first.kill();
    }

    const second = await startServer(dataDir, 0);
    try {
      const http = await storedSequence(second, httpInput!);
      const missing = [...acknowledged].filter((seq) => !http.includes(seq));
      assert.deepEqual(missing, [], `${acknowledged.size} acknowledged, ${http.length} stored`);
      assert.equal(new Set(http).size, http.length, "no HTTP message is stored twice");
      const tcp = await storedSequence(second, tcpInput!);
      assert.equal(new Set(tcp).size, tcp.length, "no TCP message is stored twice");
      assert.ok(tcp.every((seq) => seq >= 1_000_000), "TCP messages are the TCP sender's");
      assert.equal((await call(second.base, "GET", `/system/inputs/${httpInput!}`)).status, 200, "the inputs are still there");
    } finally {
      await second.kill();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
