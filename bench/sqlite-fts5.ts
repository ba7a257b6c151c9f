/**
 * The peer of the standard job: SQLite with FTS5, driven through Debian's `sqlite3` command as a user would set it
 * up: the messages in a table with an index on time and one on source, and an FTS5 index (external content) over
 * the text a bare term searches in Sluice (message, full_message, source and the keyword field values). Each job
 * is one `sqlite3` run of three statements (newest 150 with every column, total, histogram); its time includes
 * starting the process, as the user's would.
 */
import type { Database } from "../mock-backend/database.ts";
import type { QueryKind, StandardJob, StandardJobRunner } from "./search.ts";

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Copies the messages of `db` into a new SQLite database at `path` (CSV through DuckDB, `.import`, indexes, FTS5
 * rebuild). `keywordValuesSql`: the store catalog's keyword values (search/keyword-values.ts). Answers its size in
 * bytes.
 */
export async function buildSqlitePeer(db: Database, path: string, keywordValuesSql: string): Promise<number> {
  const csv = `${path}.csv`;
  await db.run(
    `COPY (SELECT epoch_ms(timestamp) AS ts, source, message, coalesce(full_message, '') AS full_message,
       coalesce(replace(trim(${keywordValuesSql}, chr(31)), chr(31), ' '), '') AS keywords, _id, index_name
       FROM messages ORDER BY timestamp) TO ${quote(csv)} (FORMAT csv, HEADER false)`,
  );
  await sqlite(path, [
    "PRAGMA journal_mode = OFF;",
    "PRAGMA synchronous = OFF;",
    "CREATE TABLE messages (id INTEGER PRIMARY KEY, ts INTEGER NOT NULL, source TEXT NOT NULL, message TEXT NOT NULL, full_message TEXT, keywords TEXT, _id TEXT NOT NULL, index_name TEXT NOT NULL);",
    "CREATE TEMP TABLE incoming (ts INTEGER, source TEXT, message TEXT, full_message TEXT, keywords TEXT, _id TEXT, index_name TEXT);",
    `.import --csv ${csv} incoming`,
    "INSERT INTO messages (ts, source, message, full_message, keywords, _id, index_name) SELECT * FROM incoming;",
    "CREATE INDEX messages_ts ON messages (ts);",
    "CREATE INDEX messages_source ON messages (source);",
    "CREATE VIRTUAL TABLE messages_fts USING fts5 (message, full_message, source, keywords, content = 'messages', content_rowid = 'id');",
    "INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');",
    "VACUUM;",
  ].join("\n"));
  await Deno.remove(csv);
  return (await Deno.stat(path)).size;
}

/** Each kind's WHERE clause in SQLite (the peer's own way of saying what Sluice's query says). */
const PEER_WHERE: Partial<Record<QueryKind, string>> = {
  "match-all": "1",
  "term GET": "id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'GET')",
  phrase: `id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH '"connection refused"')`,
  "source:web-06": "source = 'web-06.fra.example.net'",
};

/** The kinds the peer runs. */
export const PEER_KINDS = Object.keys(PEER_WHERE) as QueryKind[];

async function sqlite(path: string, script: string): Promise<string> {
  const child = new Deno.Command("sqlite3", {
    args: ["-batch", "-list", path],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  if (code !== 0) throw new Error(`sqlite3 failed: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}

/** The standard job in SQLite: total first (its first output line), then the page and the histogram. */
export function sqlitePeerRunner(path: string): StandardJobRunner {
  return async (job: StandardJob) => {
    const predicate = PEER_WHERE[job.kind];
    if (!predicate) throw new Error(`The SQLite peer has no query for ${job.kind}`);
    const where = `ts >= ${job.fromMs} AND ts < ${job.toMs} AND (${predicate})`;
    const output = await sqlite(path, [
      `SELECT count(*) FROM messages WHERE ${where};`,
      `SELECT * FROM messages WHERE ${where} ORDER BY ts DESC, id DESC LIMIT 150;`,
      `SELECT ts / ${job.intervalMs} AS bucket, count(*) FROM messages WHERE ${where} GROUP BY 1 ORDER BY 1;`,
    ].join("\n"));
    return Number(output.slice(0, output.indexOf("\n")));
  };
}
