import assert from "node:assert/strict";
import {
  chooseInterval,
  DEFAULT_REFRESH_CONFIG,
  initialRefreshState,
  intervalLabel,
  isoDurationMs,
  refreshButtonLabel,
  refreshOptions,
} from "../../../ui/search/logic/auto-refresh.ts";

Deno.test("ISO durations become milliseconds", () => {
  assert.equal(isoDurationMs("PT1S"), 1000);
  assert.equal(isoDurationMs("PT5M"), 300_000);
  assert.equal(isoDurationMs("PT1H30M"), 5_400_000);
  assert.equal(isoDurationMs("PT0.5S"), 500);
  assert.equal(isoDurationMs("P1D"), 86_400_000);
  assert.equal(isoDurationMs("5 seconds"), null);
  assert.equal(isoDurationMs("P"), null);
});

Deno.test("intervals under a minute read in seconds, others in minutes", () => {
  assert.equal(intervalLabel(1000), "1 second");
  assert.equal(intervalLabel(5000), "5 seconds");
  assert.equal(intervalLabel(59_000), "59 seconds");
  assert.equal(intervalLabel(60_000), "1 minute");
  assert.equal(intervalLabel(90_000), "1.5 minutes");
  assert.equal(intervalLabel(300_000), "5 minutes");
  assert.equal(intervalLabel(3_600_000), "60 minutes");
});

Deno.test("the options come from the config, shortest first, labelled by duration", () => {
  const options = refreshOptions({
    auto_refresh_timerange_options: { PT5M: "five", PT10S: "ten", PT1M: "one", PT0S: "never", bogus: "x" },
    default_auto_refresh_option: "PT10S",
  });
  assert.deepEqual(options.map((o) => [o.interval, o.ms, o.label]), [
    ["PT10S", 10_000, "10 seconds"],
    ["PT1M", 60_000, "1 minute"],
    ["PT5M", 300_000, "5 minutes"],
  ]);
  assert.deepEqual(refreshOptions().map((o) => o.label), [
    "1 second",
    "2 seconds",
    "5 seconds",
    "10 seconds",
    "30 seconds",
    "1 minute",
    "5 minutes",
  ]);
});

Deno.test("refreshing starts off at the default interval; choosing an interval enables it", () => {
  assert.deepEqual(initialRefreshState(), {
    enabled: false,
    interval: DEFAULT_REFRESH_CONFIG.default_auto_refresh_option,
  });
  assert.deepEqual(
    initialRefreshState({ auto_refresh_timerange_options: {}, default_auto_refresh_option: "PT1M" }),
    { enabled: false, interval: "PT1M" },
  );
  assert.deepEqual(chooseInterval("PT30S"), { enabled: true, interval: "PT30S" });
  assert.equal(refreshButtonLabel({ enabled: false, interval: "PT5S" }), "Not updating");
  assert.equal(refreshButtonLabel({ enabled: true, interval: "PT5S" }), "Every 5 seconds");
  assert.equal(refreshButtonLabel({ enabled: true, interval: "PT2M" }), "Every 2 minutes");
});
