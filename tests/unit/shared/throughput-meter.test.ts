/** ThroughputMeter of the embedded backend (kept here because tests/unit/mock-backend has no owner yet). */
import assert from "node:assert/strict";
import { ThroughputMeter } from "../../../mock-backend/throughput-meter.ts";

function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

Deno.test("the one-second rate reports the events of the last complete second", () => {
  const clock = fakeClock();
  const meter = new ThroughputMeter(clock.now);
  meter.mark(3);
  meter.mark(2);
  assert.equal(meter.oneSecondRate, 0, "the current second is not complete yet");
  clock.advance(1000);
  assert.equal(meter.oneSecondRate, 5);
  meter.mark(7);
  clock.advance(1000);
  assert.equal(meter.oneSecondRate, 7);
  clock.advance(1000);
  assert.equal(meter.oneSecondRate, 0, "an idle second reports zero");
});

Deno.test("the total counts every event ever marked", () => {
  const meter = new ThroughputMeter(fakeClock().now);
  meter.mark();
  meter.mark(9);
  assert.equal(meter.total, 10);
});

Deno.test("the mean rate is events per second since the meter started", () => {
  const clock = fakeClock();
  const meter = new ThroughputMeter(clock.now);
  assert.equal(meter.meanRate, 0, "no division by zero at start");
  meter.mark(40);
  clock.advance(4000);
  assert.equal(meter.meanRate, 10);
});

Deno.test("moving averages follow a steady rate and decay when traffic stops", () => {
  const clock = fakeClock();
  const meter = new ThroughputMeter(clock.now);
  for (let second = 0; second < 600; second++) {
    meter.mark(10);
    clock.advance(1000);
  }
  const one = meter.rate(1);
  assert.ok(one > 9.9 && one <= 10, `1-minute rate after 10 minutes at 10/s: ${one}`);
  assert.ok(meter.rate(5) < one && meter.rate(15) < meter.rate(5), "longer windows react more slowly");
  clock.advance(10 * 60_000);
  assert.ok(meter.rate(1) < 0.01, "the 1-minute rate decays to almost zero after 10 idle minutes");
  assert.ok(meter.rate(15) > meter.rate(1), "the 15-minute rate decays more slowly");
});

Deno.test("after days of idleness the moving averages have decayed for the whole idle time, not only its last hour", () => {
  const clock = fakeClock();
  const meter = new ThroughputMeter(clock.now);
  meter.mark(100);
  clock.advance(3 * 24 * 3600_000);
  const started = performance.now();
  assert.equal(meter.oneSecondRate, 0);
  assert.ok(meter.rate(15) < 1e-6, `15-minute rate after 3 idle days: ${meter.rate(15)}`);
  assert.ok(performance.now() - started < 1000, "the catch-up is bounded");
  assert.equal(meter.total, 100);
});

Deno.test("skipping a long idle stretch decays the averages exactly as walking it second by second would", () => {
  const walkedClock = fakeClock();
  const skippedClock = fakeClock();
  const walked = new ThroughputMeter(walkedClock.now);
  const skipped = new ThroughputMeter(skippedClock.now);
  for (const [meter, clock] of [[walked, walkedClock], [skipped, skippedClock]] as const) {
    meter.mark(1000);
    clock.advance(1000);
  }
  // 2 hours idle: one meter is read every 10 minutes (never skipping), the other only at the end.
  for (let i = 0; i < 12; i++) {
    walkedClock.advance(600_000);
    walked.rate(15);
  }
  skippedClock.advance(12 * 600_000);
  for (const minutes of [1, 5, 15] as const) {
    const expected = walked.rate(minutes);
    const actual = skipped.rate(minutes);
    assert.ok(Math.abs(actual - expected) <= Math.max(1e-12, expected * 1e-9), `${minutes}-minute: ${actual} vs ${expected}`);
  }
});
