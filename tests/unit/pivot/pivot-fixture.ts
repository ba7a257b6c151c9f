import { PivotResultSchema, PivotSearchTypeSchema } from "../../../api/schemas/search.ts";
import { Database } from "../../../mock-backend/database.ts";
import { MessageStore } from "../../../mock-backend/message-store.ts";
import { compileQueryString } from "../../../mock-backend/query/mod.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { executePivot } from "../../../mock-backend/search/pivot/mod.ts";
import type { SearchTypeContext } from "../../../mock-backend/search/search-context.ts";
import { allOf, timePredicate } from "../../../mock-backend/search/stream-predicate.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";

/** The fixture's time span: six hours of messages. */
export const FROM = Date.UTC(2026, 10, 22, 0, 0, 0);
export const TO = Date.UTC(2026, 10, 22, 6, 0, 0) - 1;
export const COUNT = 1500;

/** A fixture message as the tests reason about it (the same values the store ingests). */
export interface TestMessage {
  timestamp: number;
  source: string;
  fields: Record<string, string | number>;
}

/** A small deterministic PRNG (mulberry32): the same messages on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOURCES = ["web-01", "web-01", "web-01", "web-02", "web-02", "Web-03", "web-03", "db-01", "cache-01"];
const STATUSES = [200, 200, 200, 200, 201, 301, 404, 404, 500, 503];
const REGIONS = ["eu", "us", "ap"];

/**
 * 1,500 messages over six hours, in time order with distinct timestamps (so `latest` has one answer), with a
 * quiet hour (02:00–03:00, no messages: a gap for time buckets), numbers, keywords and missing values:
 * `took_ms` (double, missing in ~10%), `http_response_code` (long), `user` (missing in ~20%), `region` (missing in
 * ~15%), `category` (30 values, more than the default limit of 15), `bytes` (long).
 */
export function fixtureMessages(): TestMessage[] {
  const next = random(42);
  const messages: TestMessage[] = [];
  const quietStart = Date.UTC(2026, 10, 22, 2);
  const quietEnd = Date.UTC(2026, 10, 22, 3);
  const busy = 5 * 3_600_000;
  const step = Math.floor(busy / COUNT);
  for (let i = 0; i < COUNT; i++) {
    let timestamp = FROM + i * step + Math.floor(next() * (step - 1));
    if (timestamp >= quietStart) timestamp += quietEnd - quietStart;
    const fields: Record<string, string | number> = {
      http_response_code: STATUSES[Math.floor(next() * STATUSES.length)],
      bytes: Math.floor(next() * 5000),
      category: `cat-${String(Math.floor(next() * next() * 30)).padStart(2, "0")}`,
    };
    if (next() > 0.1) fields.took_ms = Math.round(next() * 100_000) / 100 + 0.25;
    if (next() > 0.2) fields.user = `user-${Math.floor(next() * 12)}`;
    if (next() > 0.15) fields.region = REGIONS[Math.floor(next() * REGIONS.length)];
    messages.push({ timestamp, source: SOURCES[Math.floor(next() * SOURCES.length)], fields });
  }
  return messages;
}

export interface PivotHarness {
  messages: TestMessage[];
  /** Runs a pivot (raw wire JSON, defaults applied by the schema) and validates the result against its schema. */
  run(
    searchType: Record<string, unknown>,
    options?: { query?: string; from?: number; to?: number },
  ): Promise<ReturnType<typeof PivotResultSchema.parse>>;
  store: MessageStore;
  db: Database;
}

/** A real in-memory store with the fixture messages, closed after `work`. */
export async function withPivotStore(
  work: (harness: PivotHarness) => Promise<void>,
  messages = fixtureMessages(),
): Promise<void> {
  const db = await Database.open({ path: ":memory:", connections: 2 });
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "test password");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    const incoming: IncomingMessage[] = messages.map((m) => ({
      timestamp: m.timestamp,
      source: m.source,
      message: `request from ${m.source}`,
      fields: m.fields,
    }));
    await store.ingest(incoming);
    const run: PivotHarness["run"] = async (searchType, options = {}) => {
      const from = options.from ?? FROM;
      const to = options.to ?? TO;
      const catalog = store.catalog();
      const parts = [timePredicate(from, to)];
      if (options.query) {
        const compiled = compileQueryString(options.query, catalog, { now: to });
        parts.push({ sql: compiled.sql, params: compiled.params });
      }
      const context: SearchTypeContext = { db, store, catalog, filter: allOf(...parts), from, to, now: to };
      const spec = PivotSearchTypeSchema.parse({ type: "pivot", id: "pivot-1", ...searchType });
      return PivotResultSchema.parse(await executePivot(spec, context));
    };
    await work({ messages, run, store, db });
  } finally {
    db.close();
  }
}

/** Messages in [from, to]. */
export function within(messages: TestMessage[], from = FROM, to = TO): TestMessage[] {
  return messages.filter((m) => m.timestamp >= from && m.timestamp <= to);
}

/** Groups messages by a key function (undefined keys are dropped). */
export function groupBy<T>(items: T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

/** Numbers of a field (messages without it are skipped). */
export function numbers(messages: TestMessage[], field: string): number[] {
  return messages.map((m) => m.fields[field]).filter((v): v is number => typeof v === "number");
}

export const stats = {
  sum: (xs: number[]) => xs.reduce((a, b) => a + b, 0),
  avg: (xs: number[]) => (xs.length ? stats.sum(xs) / xs.length : null),
  variance: (xs: number[]) => {
    if (!xs.length) return null;
    const mean = stats.sum(xs) / xs.length;
    return stats.sum(xs.map((x) => (x - mean) ** 2)) / xs.length;
  },
  /** Linear interpolation between closest ranks (DuckDB's quantile_cont). */
  percentile: (xs: number[], p: number) => {
    if (!xs.length) return null;
    const sorted = [...xs].sort((a, b) => a - b);
    const rank = (p / 100) * (sorted.length - 1);
    const lower = Math.floor(rank);
    return sorted[lower] + (sorted[Math.min(lower + 1, sorted.length - 1)] - sorted[lower]) * (rank - lower);
  },
};

/** Values of the result as `{rowKey → {valueKey → value}}`, for lookups in assertions. */
export function valueTable(
  result: { rows: { key: string[]; values: { key: string[]; value: unknown }[]; source: string }[] },
) {
  const table = new Map<string, Map<string, unknown>>();
  for (const row of result.rows) {
    table.set(
      `${row.source}:${row.key.join("|")}`,
      new Map(row.values.map((v) => [v.key.join("|"), v.value])),
    );
  }
  return table;
}

/** Asserts two numbers agree to a relative tolerance (floating point sums in another order). */
export function close(actual: unknown, expected: number | null, message?: string): void {
  if (expected === null) {
    if (actual !== null) throw new Error(`${message ?? "value"}: expected null, got ${actual}`);
    return;
  }
  if (typeof actual !== "number" || Math.abs(actual - expected) > 1e-9 * Math.max(1, Math.abs(expected))) {
    throw new Error(`${message ?? "value"}: expected ${expected}, got ${actual}`);
  }
}
