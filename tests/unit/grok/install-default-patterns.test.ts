import assert from "node:assert/strict";
import { DEFAULT_GROK_PATTERNS } from "../../../fixtures/default-grok-patterns.ts";
import { Database } from "../../../mock-backend/database.ts";
import { GROK_STATEMENTS, installDefaultGrokPatterns } from "../../../mock-backend/grok/grok-pattern-store.ts";

async function withGrokTables(work: (db: Database) => Promise<void>): Promise<void> {
  const db = await Database.open({ path: ":memory:", connections: 1 });
  try {
    for (const statement of GROK_STATEMENTS) await db.run(statement);
    await work(db);
  } finally {
    db.close();
  }
}

const patterns = (db: Database) => db.all<{ name: string; pattern: string }>("SELECT name, pattern FROM grok_patterns ORDER BY name");

Deno.test("a new database gets every default pattern", async () => {
  await withGrokTables(async (db) => {
    assert.equal(await installDefaultGrokPatterns(db), DEFAULT_GROK_PATTERNS.length);
    assert.equal((await patterns(db)).length, DEFAULT_GROK_PATTERNS.length);
  });
});

Deno.test("an existing database without them gets the missing ones; its own pattern of a default name stays", async () => {
  await withGrokTables(async (db) => {
    await db.run("INSERT INTO grok_patterns VALUES ('0123456789abcdef01234567', 'WORD', '[a-z]+', NULL)");
    await db.run("INSERT INTO grok_patterns VALUES ('0123456789abcdef01234568', 'MINE', '%{WORD}!', NULL)");
    assert.equal(await installDefaultGrokPatterns(db), DEFAULT_GROK_PATTERNS.length - 1);
    const stored = await patterns(db);
    assert.equal(stored.length, DEFAULT_GROK_PATTERNS.length + 1);
    assert.equal(stored.find((pattern) => pattern.name === "WORD")!.pattern, "[a-z]+");
  });
});

Deno.test("the defaults are installed once: patterns deleted afterwards do not come back", async () => {
  await withGrokTables(async (db) => {
    await installDefaultGrokPatterns(db);
    await db.run("DELETE FROM grok_patterns WHERE name <> 'WORD'");
    assert.equal(await installDefaultGrokPatterns(db), 0);
    assert.deepEqual((await patterns(db)).map((pattern) => pattern.name), ["WORD"]);
  });
});
