import assert from "node:assert/strict";
import type { Search } from "../../../api/schemas/search.ts";
import { Database } from "../../../mock-backend/database.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { SearchRepository } from "../../../mock-backend/search/search-repository.ts";

function search(query: string, overrides: Partial<Search> = {}): Search {
  return {
    queries: [{
      id: "q",
      timerange: { type: "relative", from: 300 },
      query: { type: "elasticsearch", query_string: query },
      filter: null,
      filters: [],
      search_types: [],
    }],
    parameters: [],
    ...overrides,
  } as Search;
}

Deno.test("a saved search reads back as stored, from memory and from the table alike", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const repository = new SearchRepository(db);
    const stored = await repository.save(search("failed"), "admin");
    assert.match(stored.id!, /^[0-9a-f]{24}$/);
    const read = await repository.get(stored.id!);
    assert.deepEqual(read, stored);
    // Another repository on the same database has nothing in memory: it reads the row, once written behind.
    await repository.written();
    assert.deepEqual(await new SearchRepository(db).get(stored.id!), stored);
    assert.equal(await repository.get("0123456789abcdef01234567"), null);
  } finally {
    db.close();
  }
});

Deno.test("a saved search is read back before its row is written, and the row follows (written behind)", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const repository = new SearchRepository(db);
    const saving = repository.save(search("failed"), "admin");
    const stored = await saving;
    assert.deepEqual(await repository.get(stored.id!), stored);
    await repository.written();
    const row = await db.first<{ body: string }>("SELECT body FROM searches WHERE id = ?", [stored.id!]);
    assert.deepEqual(JSON.parse(row!.body), stored);
  } finally {
    db.close();
  }
});

Deno.test("changing a search that was read does not change the stored one (regression: the in-memory copy is shared)", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const repository = new SearchRepository(db);
    const stored = await repository.save(search("failed"), "admin");
    const read = (await repository.get(stored.id!))!;
    read.queries[0].query.query_string = "changed";
    stored.queries[0].query.query_string = "changed too";
    assert.equal((await repository.get(stored.id!))!.queries[0].query.query_string, "failed");
  } finally {
    db.close();
  }
});

Deno.test("saving under an existing id replaces the search in memory and in the table", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const repository = new SearchRepository(db);
    const first = await repository.save(search("failed"), "admin");
    await repository.save(search("refused", { id: first.id }), "admin");
    assert.equal((await repository.get(first.id!))!.queries[0].query.query_string, "refused");
    await repository.written();
    assert.equal((await new SearchRepository(db).get(first.id!))!.queries[0].query.query_string, "refused");
  } finally {
    db.close();
  }
});
