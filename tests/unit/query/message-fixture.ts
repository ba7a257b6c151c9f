import { type DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import {
  analyze,
  type FieldCatalog,
  type FieldMatching,
  type FieldType,
  type StoredField,
} from "../../../mock-backend/search/field-catalog.ts";
import { keywordValuesSql } from "../../../mock-backend/search/keyword-values.ts";
import { tokensSql, tokenTextSql } from "../../../mock-backend/store/derived-text.ts";
import { indexRows, TERM_INDEX_TABLES } from "../../../mock-backend/store/term-index.ts";

/**
 * A small message table in an in-memory DuckDB, with a FieldCatalog over its columns, for the differential
 * tests: the same rows as JavaScript objects for the reference evaluator.
 */
export interface TestMessage {
  id: number;
  message: string;
  full_message: string | null;
  source: string;
  action: string | null;
  user: string | null;
  http_status: number | null;
  took_ms: number | null;
  /** Epoch milliseconds, UTC. */
  timestamp: number;
  ok: boolean | null;
  client_ip: string | null;
  [field: string]: string | number | boolean | null;
}

export interface TestField {
  name: string;
  type: FieldType;
  matching: FieldMatching;
}

export const TEST_FIELDS: TestField[] = [
  { name: "message", type: "string", matching: "analyzed" },
  { name: "full_message", type: "string", matching: "analyzed" },
  { name: "source", type: "string", matching: "keyword-ci" },
  { name: "action", type: "string", matching: "keyword" },
  { name: "user", type: "string", matching: "keyword" },
  { name: "http_status", type: "long", matching: "keyword" },
  { name: "took_ms", type: "double", matching: "keyword" },
  { name: "timestamp", type: "date", matching: "keyword" },
  { name: "ok", type: "boolean", matching: "keyword" },
  { name: "client_ip", type: "ip", matching: "keyword" },
];

/** The keyword string fields whose values the keyword values hold (as the store's do). */
export const KEYWORD_VALUE_FIELDS = ["action", "user"] as const;

/** Their columns' SQL (quoted: `user` is an SQL keyword). */
const KEYWORD_VALUE_COLUMNS = KEYWORD_VALUE_FIELDS.map((name) => `"${name}"`);

/**
 * The catalog the store would give for this table (identifiers quoted: `user` is an SQL keyword). With
 * `storeColumns`, it also offers what the store's catalog offers: token lists and texts made of the text by the
 * store's SQL (store/derived-text.ts) and the keyword values made of the columns.
 */
export function testCatalog(
  overrides: Partial<Pick<FieldCatalog, "allowLeadingWildcard">> & {
    storeColumns?: boolean;
    termIndex?: boolean;
  } = {},
): FieldCatalog {
  const stored = TEST_FIELDS.map((field): StoredField => ({
    ...field,
    valueSql: `"${field.name}"`,
    ...(field.matching === "analyzed" && field.type === "string"
      ? overrides.storeColumns
        ? { tokensSql: tokensSql(`"${field.name}"`), tokenTextSql: tokenTextSql(`"${field.name}"`) }
        : { tokensSql: `"${field.name}_tokens"` }
      : {}),
  }));
  return {
    field: (name) => stored.find((field) => field.name === name) ?? null,
    fields: () => stored,
    allowLeadingWildcard: overrides.allowLeadingWildcard ?? false,
    ...(overrides.storeColumns
      ? {
        keywordValues: {
          sql: keywordValuesSql(KEYWORD_VALUE_COLUMNS),
          fields: new Set<string>(KEYWORD_VALUE_FIELDS),
        },
      }
      : {}),
    ...(overrides.termIndex
      ? {
        termIndex: {
          indexedRows: INDEXED_ROWS,
          // More than any table here holds: the rows past INDEXED_ROWS are scanned.
          writtenRows: Number.MAX_SAFE_INTEGER,
          searchable: true,
          rowsInTime: () => [0, INDEXED_ROWS - 1],
        },
      }
      : {}),
  };
}

/** Words the generated messages and queries share, with the awkward cases: case, Unicode, dots, apostrophes. */
export const VOCABULARY = [
  "ssh",
  "login",
  "failed",
  "accepted",
  "connection",
  "refused",
  "from",
  "user",
  "alice",
  "Bob",
  "ALICE",
  "error",
  "warn",
  "GET",
  "POST",
  "timeout",
  "retry",
  "192.168.0.1",
  "10.0.0.7",
  "example.com",
  "don't",
  "größe",
  "Café",
  "foo-bar",
  "a_b",
  "404",
  "500",
  "2024",
  "x1",
  "naïve",
  "ssh2",
  "logins",
  "refuse",
  "alicia",
];
export const SOURCES = [
  "web-01",
  "Web-02",
  "db.example.com",
  "DB.EXAMPLE.COM",
  "cache",
  "ssh-gw",
  "größe-host",
];
export const ACTIONS = [
  "login",
  "Login",
  "logout",
  "GET /index",
  "POST /api",
  "delete",
  "a*b",
  "50%_off",
  "x\\y",
  // The keyword-values column's separator and escape characters inside values.
  "x\u001fy",
  "\u001e\u001d",
];
export const USERS = ["alice", "bob", "Alice", "carol", "dave"];
export const BASE_TIME = Date.UTC(2024, 0, 15, 12, 0, 0);
const SEPARATORS = [" ", " ", " ", ", ", ": ", " - ", "/", "=", "  "];

/** mulberry32: a fixed-seed generator, so every run sees the same rows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateMessages(count = 300, seed = 20240115): TestMessage[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const maybe = <T>(value: T, probability = 0.8): T | null => (random() < probability ? value : null);
  const sentence = (min: number, max: number) => {
    const count = min + Math.floor(random() * (max - min + 1));
    let text = pick(VOCABULARY);
    for (let i = 1; i < count; i++) text += pick(SEPARATORS) + pick(VOCABULARY);
    return text;
  };
  return Array.from({ length: count }, (_, id): TestMessage => ({
    id,
    message: sentence(1, 8),
    full_message: maybe(sentence(3, 12), 0.4),
    source: pick(SOURCES),
    action: maybe(pick(ACTIONS)),
    user: maybe(pick(USERS), 0.6),
    http_status: maybe(pick([200, 201, 301, 302, 400, 401, 404, 500, 503])),
    took_ms: maybe(Math.round(random() * 20000) / 100),
    // Spread over ten days around BASE_TIME, at millisecond precision.
    timestamp: BASE_TIME - 5 * 86_400_000 + Math.floor(random() * 10 * 86_400_000),
    ok: maybe(random() < 0.5),
    client_ip: maybe(`10.0.${Math.floor(random() * 3)}.${Math.floor(random() * 10)}`),
  }));
}

const CREATE = `CREATE TABLE messages (
  id INTEGER, message VARCHAR, message_tokens VARCHAR[], full_message VARCHAR, full_message_tokens VARCHAR[],
  source VARCHAR, action VARCHAR, "user" VARCHAR, http_status BIGINT, took_ms DOUBLE, "timestamp" TIMESTAMP,
  ok BOOLEAN, client_ip VARCHAR)`;

const INSERT =
  `INSERT INTO messages VALUES (?, ?, from_json(?, '["VARCHAR"]'), ?, from_json(?, '["VARCHAR"]'), ?, ?, ?, ?, ?,
  make_timestamp(?::BIGINT * 1000), ?, ?)`;

/**
 * How many of the table's first rows have term postings (store/term-index.ts): half of the default 300, so a
 * catalog with the term index finds some matches in the postings and the others by scanning the rest.
 */
export const INDEXED_ROWS = 150;

/** Runs `work` against a fresh in-memory database holding `messages`, closing it afterwards. */
export async function withMessageTable<T>(
  messages: TestMessage[],
  work: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const connection = await instance.connect();
  try {
    await connection.run(CREATE);
    await connection.run("BEGIN TRANSACTION");
    for (const row of messages) {
      await connection.run(INSERT, [
        row.id,
        row.message,
        JSON.stringify(analyze(row.message)),
        row.full_message,
        row.full_message === null ? null : JSON.stringify(analyze(row.full_message)),
        row.source,
        row.action,
        row.user,
        row.http_status,
        row.took_ms,
        row.timestamp,
        row.ok,
        row.client_ip,
      ]);
    }
    await connection.run("COMMIT");
    for (const table of TERM_INDEX_TABLES) await connection.run(table);
    await indexRows(connection, 0, INDEXED_ROWS, KEYWORD_VALUE_COLUMNS);
    return await work(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
