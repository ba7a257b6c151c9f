import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import {
  DEFAULT_TIME_UNIT,
  DEFAULT_TIME_UNIT_VALUE,
  isNeverValue,
  isTimeUnitEnabled,
  parseTimeUnitValue,
  TIME_UNITS,
  toMilliseconds,
} from "../../../ui/common/time-unit-input/logic/time-unit.ts";
import {
  evaluateDurationInput,
  isValidIsoDuration,
  normalizeDurationText,
  parseIsoDuration,
} from "../../../ui/common/duration-input/logic/iso-duration.ts";
import {
  addPair,
  canAddPair,
  deletePropertyQuestion,
  removePair,
} from "../../../ui/common/key-value-table/logic/key-value.ts";
import {
  COPIED_TEXT,
  copyFailedHint,
  isMacPlatform,
} from "../../../ui/common/copy-button/logic/copy-hint.ts";
import { NO_ENTITIES_EXIST, NO_ITEMS_FOUND, NOTHING_HERE_YET } from "../../../ui/common/empty-states.ts";

Deno.test("the time unit input starts at 1 second and offers nanoseconds to days", () => {
  equal(DEFAULT_TIME_UNIT_VALUE, 1);
  equal(DEFAULT_TIME_UNIT, "SECONDS");
  assertEquals(TIME_UNITS, [
    "NANOSECONDS",
    "MICROSECONDS",
    "MILLISECONDS",
    "SECONDS",
    "MINUTES",
    "HOURS",
    "DAYS",
  ]);
  equal(toMilliseconds(2, "MINUTES"), 120_000);
});

Deno.test("a required time unit input is always enabled; otherwise the checkbox decides", () => {
  equal(isTimeUnitEnabled(true, false), true);
  equal(isTimeUnitEnabled(false, false), false);
  equal(isTimeUnitEnabled(false, undefined), false);
  equal(isTimeUnitEnabled(false, true), true);
});

Deno.test("an empty time value falls back to 1 unless the input is clearable", () => {
  equal(parseTimeUnitValue("", false), 1);
  equal(parseTimeUnitValue("", true), undefined);
  equal(parseTimeUnitValue("15", false), 15);
  equal(parseTimeUnitValue(0, false), 0);
});

Deno.test("a zero time value displays as Never", () => {
  equal(isNeverValue(0), true);
  equal(isNeverValue(1), false);
});

Deno.test("the duration input upper-cases the text and adds a missing P", () => {
  equal(normalizeDurationText("t5m"), "PT5M");
  equal(normalizeDurationText("p1d"), "P1D");
});

Deno.test("only valid ISO-8601 durations are accepted", () => {
  for (const valid of ["P1D", "PT5M", "P1Y2M3W4DT5H6M7S", "PT0.5S", "P0D"]) {
    equal(isValidIsoDuration(valid), true, valid);
  }
  for (const invalid of ["P", "PT", "P1DT", "P1H", "PXD", "P1D2Y", "1D"]) {
    equal(isValidIsoDuration(invalid), false, invalid);
  }
  assertEquals(parseIsoDuration("P1DT2H"), {
    years: 0,
    months: 0,
    weeks: 0,
    days: 1,
    hours: 2,
    minutes: 0,
    seconds: 0,
  });
});

Deno.test("an invalid duration shows 'invalid' and is not propagated; a valid one shows its length", () => {
  assertEquals(evaluateDurationInput("1x"), { text: "P1X", valid: false, label: "invalid" });
  assertEquals(evaluateDurationInput("p1dt2h"), { text: "P1DT2H", valid: true, label: "1 day, 2 hours" });
  equal(evaluateDurationInput("PT0S", (ms) => ms >= 1000).label, "invalid");
});

Deno.test("a property can be added only with both key and value", () => {
  equal(canAddPair("", "v"), false);
  equal(canAddPair("k", " "), false);
  equal(canAddPair("k", "v"), true);
  assertEquals(addPair({ a: "1" }, " b ", "2"), { a: "1", b: "2" });
  assertEquals(removePair({ a: "1", b: "2" }, "a"), { b: "2" });
});

Deno.test("deleting a property asks for confirmation naming it", () => {
  equal(deletePropertyQuestion("source"), "Are you sure you want to delete property 'source'?");
});

Deno.test("the copy button confirms with 'Copied!' and otherwise tells which keys to press", () => {
  equal(COPIED_TEXT, "Copied!");
  equal(copyFailedHint("copy", false), "Press Ctrl+C to copy");
  equal(copyFailedHint("cut", true), "Press ⌘+X to cut");
  equal(isMacPlatform("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)"), true);
  equal(isMacPlatform("Mozilla/5.0 (X11; Linux x86_64)"), false);
});

Deno.test("empty states use the spec's texts", () => {
  equal(NO_ENTITIES_EXIST, "No entities exist.");
  equal(NO_ITEMS_FOUND, "No items found to display.");
  equal(NOTHING_HERE_YET, "Looks like there is nothing here, yet!");
});
