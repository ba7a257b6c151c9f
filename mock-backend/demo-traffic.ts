import { createLiveGenerator } from "../fixtures/demo-messages.ts";
import type { Transport, TransportSink } from "./inputs/transports/transport.ts";

/** The address the demo input's messages come from (`gl2_remote_ip`). */
export const DEMO_TRAFFIC_ADDRESS = "127.0.0.1";

const encoder = new TextEncoder();

/**
 * The demo input's transport: a live trickle of demo messages (about `ratePerSecond` a second, with jitter), each
 * handed to the input as one JSON frame, so that the throughput indicator, the input's counts and the newest search
 * results move like on a real node. A second's messages are skipped while the input is backlogged.
 */
export function generateDemoTraffic(ratePerSecond: number, sink: TransportSink): Promise<Transport> {
  const generate = createLiveGenerator(Date.now() & 0xffff);
  const timer = setInterval(() => {
    if (sink.backlogged()) return;
    const count = Math.max(0, Math.round(ratePerSecond * (0.5 + Math.random())));
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      const { id: _id, ...message } = generate(now - 1000 + Math.floor((i * 1000) / count));
      const frame = encoder.encode(JSON.stringify(message));
      sink.readBytes(frame.length);
      sink.frame(frame, DEMO_TRAFFIC_ADDRESS);
    }
  }, 1000);
  return Promise.resolve({
    stop: () => {
      clearInterval(timer);
      return Promise.resolve();
    },
  });
}
