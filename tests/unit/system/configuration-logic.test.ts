import assert from "node:assert/strict";
import { moveProcessor, toggleProcessor } from "../../../ui/system/configurations/logic/message-processors.ts";
import { entryErrors, NOT_A_VALID_JAVA_REGEX, NOT_A_VALID_URL, REQUIRED_FIELD } from "../../../ui/system/configurations/logic/url-whitelist-entry.ts";
import { describeDuration, isSessionTimeout } from "../../../ui/system/configurations/logic/durations.ts";
import { optionsToText, textToOptions } from "../../../ui/system/configurations/logic/duration-options.ts";
import { jobName } from "../../../ui/system/overview/logic/system-jobs.ts";

const entry = (overrides: Partial<Parameters<typeof entryErrors>[0]> = {}) => ({ id: "1", title: "Hooks", value: "https://example.com/", type: "literal" as const, ...overrides });

Deno.test("an allow-list entry needs a title, an http(s) URL when literal and a regex the server accepts", () => {
  assert.deepEqual(entryErrors(entry(), undefined), {});
  assert.deepEqual(entryErrors(entry({ title: " " }), undefined), { title: REQUIRED_FIELD });
  assert.deepEqual(entryErrors(entry({ value: "example.com" }), undefined), { value: NOT_A_VALID_URL });
  assert.deepEqual(entryErrors(entry({ value: "ftp://example.com/" }), undefined), { value: NOT_A_VALID_URL });
  assert.deepEqual(entryErrors(entry({ type: "regex", value: "" }), undefined), { value: NOT_A_VALID_JAVA_REGEX });
  assert.deepEqual(entryErrors(entry({ type: "regex", value: "https://(x" }), false), { value: NOT_A_VALID_JAVA_REGEX });
  assert.deepEqual(entryErrors(entry({ type: "regex", value: "https://.*" }), undefined), {}, "not judged before the server answered");
});

Deno.test("message processors move one place and toggle between enabled and disabled", () => {
  const config = {
    processor_order: [
      { name: "A", class_name: "org.graylog2.messageprocessors.MessageFilterChainProcessor" as const },
      { name: "B", class_name: "org.graylog2.messageprocessors.StreamMatcherFilterProcessor" as const },
    ],
    disabled_processors: [],
  };
  assert.deepEqual(moveProcessor(config, 1, -1).processor_order.map((p) => p.name), ["B", "A"]);
  assert.equal(moveProcessor(config, 0, -1), config);
  const disabled = toggleProcessor(config, "org.graylog2.messageprocessors.StreamMatcherFilterProcessor");
  assert.deepEqual(disabled.disabled_processors, ["org.graylog2.messageprocessors.StreamMatcherFilterProcessor"]);
  assert.deepEqual(toggleProcessor(disabled, "org.graylog2.messageprocessors.StreamMatcherFilterProcessor").disabled_processors, []);
});

Deno.test("durations read as words; session timeouts lie between a minute and a year", () => {
  assert.equal(describeDuration("PT1H"), "1 hour");
  assert.equal(describeDuration("P1DT30M"), "1 day 30 minutes");
  assert.equal(describeDuration("PT0S"), "0 seconds");
  assert.equal(isSessionTimeout("PT1H"), true);
  assert.equal(isSessionTimeout("PT30S"), false);
  assert.equal(isSessionTimeout("P400D"), false);
  assert.equal(isSessionTimeout("1 hour"), false);
});

Deno.test("range options round-trip through their text form; a bad line is named", () => {
  const options = { PT5M: "5 minutes", P1D: "1 day" };
  assert.deepEqual(textToOptions(optionsToText(options)), { options });
  assert.deepEqual(textToOptions("PT5M = 5 minutes\nfive = 5"), { error: 'Line 2 must read like "PT5M = 5 minutes"' });
  assert.equal(jobName("org.graylog2.indexer.ranges.RebuildIndexRangesJob"), "RebuildIndexRangesJob");
});
