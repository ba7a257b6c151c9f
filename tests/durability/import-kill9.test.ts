/**
 * An import killed mid-way (issue 22 item 3): the database it leaves opens cleanly and holds whole batches only,
 * exactly those its ledger counts; run again, the import goes on after them and ends with every line stored once;
 * run a third time, it adds nothing.
 */
import assert from "node:assert/strict";
import { killImport, runImport, storedBy, storedCounts } from "./import-process.ts";
import { call, startServer } from "./server-process.ts";

const APACHE_LINES_STORED = 9_999; // tests/data/apache_access_10k.log has one line that is not an access log line

/** How many messages the server holds, through the legacy search over all time. */
async function searchableCount(dataDir: string): Promise<number> {
  const server = await startServer(dataDir, 0);
  try {
    const answer = await call(server.base, "GET", "/search/universal/relative?query=*&range=0&limit=1");
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body as { total_results: number }).total_results;
  } finally {
    await server.kill();
  }
}

/** Kills the import once, then checks the batches it left, resumes it, and repeats it. */
async function killResumeRepeat(dataDir: string, args: string[], batchSize: number, total: number, when: RegExp, afterMs = 60_000) {
  const killed = await killImport(dataDir, args, when, afterMs);
  const left = await storedCounts(dataDir);
  assert.equal(left.messages, left.ledger, "the ledger counts exactly the messages the killed import left");
  assert.ok(left.messages % batchSize === 0 || left.messages === total, `whole batches of ${batchSize} only: ${left.messages}`);
  // On a fast machine the signal can land after the import's last commit: then there is nothing to resume, and
  // the repeat below still proves the ledger.
  if (left.messages < total) {
    const resumed = await runImport(dataDir, args);
    assert.equal(resumed.code, 0, resumed.stdout);
    if (left.messages > 0) assert.match(resumed.stdout, /stopped after [\d,]+ messages: going on from there/);
    assert.equal(storedBy(resumed), total - left.messages, "the resumed import stores what the killed one had not");
  }
  assert.deepEqual(await storedCounts(dataDir), { messages: total, ledger: total }, "every line stored once");

  const repeated = await runImport(dataDir, args);
  assert.equal(repeated.code, 0, repeated.stdout);
  assert.match(repeated.stdout, /These files were imported before \([\d,]+ messages stored\): nothing to add/);
  assert.equal(storedBy(repeated), 0);
  assert.equal((await storedCounts(dataDir)).messages, total, "a repeated import adds no duplicates");
  return killed;
}

Deno.test("an Apache import (DuckDB's path) killed mid-way leaves whole batches, resumes, and repeats without duplicates", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-durability-import-" });
  try {
    const args = ["--format", "apache", "--batch-size", "100", "tests/data/apache_access_10k.log"];
    // DuckDB writes its batches eight to a transaction near the end: the kill falls before, in or after them.
    await killResumeRepeat(dataDir, args, 100, APACHE_LINES_STORED, /writing the messages|Lines read/);
    assert.equal(await searchableCount(dataDir), APACHE_LINES_STORED, "the server opens the database and finds every message");
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("a syslog import (line by line) killed mid-way leaves whole batches, resumes after them, and repeats without duplicates", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-durability-syslog-" });
  const file = await Deno.makeTempFile({ prefix: "sluice-durability-", suffix: ".log" });
  try {
    const lines = 120_000;
    const text = Array.from({ length: lines }, (_, i) => {
      const second = String(i % 60).padStart(2, "0");
      const minute = String(Math.floor(i / 60) % 60).padStart(2, "0");
      const hour = String(Math.floor(i / 3600) % 24).padStart(2, "0");
      return `<13>Nov 27 ${hour}:${minute}:${second} host-${i % 7} app[${1000 + (i % 13)}]: durable line ${i}`;
    }).join("\n") + "\n";
    await Deno.writeTextFile(file, text);
    const args = ["--format", "syslog", "--year", "2025", "--batch-size", "500", file];
    // The first progress line comes 5 s in, while lines are still read and batches written as they fill; a fast
    // machine (CI once) imported all 60,000 lines before it: the kill also comes 3 s in, whichever is first.
    const killed = await killResumeRepeat(dataDir, args, 500, lines, /Importing: [\d,]+ lines read \(\d+%\)/, 3_000);
    assert.ok(killed, "the import was killed before it ended by itself");
    assert.equal(await searchableCount(dataDir), lines, "the server opens the database and finds every line once");
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    await Deno.remove(file).catch(() => {});
  }
});
