import assert from "node:assert/strict";
import { KeywordParseError, parseKeyword } from "../../../mock-backend/search/keyword-timerange.ts";

const NOW = new Date("2026-11-22T10:30:00Z");
const range = (keyword: string, zone = "UTC") => {
  const { from, to } = parseKeyword(keyword, NOW, zone);
  return [from.toISOString(), to.toISOString()];
};

Deno.test("'last five minutes' spells the number and ends now", () => {
  assert.deepEqual(range("last five minutes"), ["2026-11-22T10:25:00.000Z", "2026-11-22T10:30:00.000Z"]);
  assert.deepEqual(range("Last 5 Minutes"), range("last five minutes"));
});

Deno.test("'last hour' and 'last week' mean one unit back until now", () => {
  assert.deepEqual(range("last hour"), ["2026-11-22T09:30:00.000Z", "2026-11-22T10:30:00.000Z"]);
  assert.deepEqual(range("last week"), ["2026-11-15T10:30:00.000Z", "2026-11-22T10:30:00.000Z"]);
});

Deno.test("'yesterday' covers the whole previous day in the requested time zone", () => {
  assert.deepEqual(range("yesterday"), ["2026-11-21T00:00:00.000Z", "2026-11-21T23:59:59.999Z"]);
  assert.deepEqual(range("yesterday", "Europe/Berlin"), ["2026-11-20T23:00:00.000Z", "2026-11-21T22:59:59.999Z"]);
});

Deno.test("'today' starts at midnight of the zone and ends now", () => {
  assert.deepEqual(range("today", "America/New_York"), ["2026-11-22T05:00:00.000Z", "2026-11-22T10:30:00.000Z"]);
});

Deno.test("'from … to …' takes both ends, dates read in the time zone", () => {
  assert.deepEqual(range("from 2026-11-01 to 2026-11-02 12:00", "Europe/Berlin"), ["2026-10-31T23:00:00.000Z", "2026-11-02T11:00:00.000Z"]);
  assert.deepEqual(range("from yesterday to today"), ["2026-11-21T00:00:00.000Z", "2026-11-22T10:30:00.000Z"]);
});

Deno.test("'N units ago' and 'since …' end now", () => {
  assert.deepEqual(range("3 hours ago"), ["2026-11-22T07:30:00.000Z", "2026-11-22T10:30:00.000Z"]);
  assert.deepEqual(range("since yesterday"), ["2026-11-21T00:00:00.000Z", "2026-11-22T10:30:00.000Z"]);
});

Deno.test("text that is no time expression is refused with the keyword named", () => {
  assert.throws(() => parseKeyword("banana split", NOW), (error: unknown) => error instanceof KeywordParseError && /banana split/.test(error.message));
  assert.throws(() => parseKeyword("", NOW), KeywordParseError);
  assert.throws(() => parseKeyword("last 5 fortnights", NOW), /not a time unit/);
});

Deno.test("an unknown time zone is refused", () => {
  assert.throws(() => parseKeyword("last hour", NOW, "Mars/Olympus"), /unknown time zone/);
});

Deno.test("a range whose start is after its end is refused", () => {
  assert.throws(() => parseKeyword("from today to yesterday", NOW), /start is after its end/);
});
