import assert from "node:assert/strict";
import { DEMO_TRAFFIC_ADDRESS, generateDemoTraffic } from "../../../mock-backend/demo-traffic.ts";
import type { TransportSink } from "../../../mock-backend/inputs/transports/transport.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sink that records the demo frames and is backlogged while `backlog` says so. */
function recordingSink(backlog: { on: boolean }) {
  const frames: { text: string; remoteIp: string }[] = [];
  let bytes = 0;
  const sink: TransportSink = {
    frame(frame, remoteIp) {
      frames.push({ text: new TextDecoder().decode(frame), remoteIp });
      return null;
    },
    malformed: () => {},
    readBytes: (count) => void (bytes += count),
    connectionOpened: () => {},
    connectionClosed: () => {},
    backlogged: () => backlog.on,
    whenDrained: () => {},
    stored: () => Promise.resolve(true),
    acknowledgeable: () => Promise.resolve(true),
  };
  return { sink, frames, bytes: () => bytes };
}

Deno.test("the demo input's traffic skips a second's messages while the input is backlogged (regression: an unbounded queue delayed input messages by minutes)", async () => {
  const backlog = { on: true };
  const { sink, frames, bytes } = recordingSink(backlog);
  const traffic = await generateDemoTraffic(20, sink);
  try {
    await sleep(2_300);
    assert.equal(frames.length, 0, "nothing is generated while the input is backlogged");
    backlog.on = false;
    await sleep(1_200);
    assert.ok(frames.length >= 10, `at least one tick's messages (rate 20, jitter ±50 %): ${frames.length}`);
    assert.ok(frames.length <= 30, `one tick's messages, not the skipped ones: ${frames.length}`);
    const message = JSON.parse(frames[0].text) as Record<string, unknown>;
    assert.equal(typeof message.message, "string");
    assert.equal(message.id, undefined, "the store gives the message its id");
    assert.equal(frames[0].remoteIp, DEMO_TRAFFIC_ADDRESS);
    assert.equal(bytes(), frames.reduce((sum, frame) => sum + new TextEncoder().encode(frame.text).length, 0));
  } finally {
    await traffic.stop();
  }
});
