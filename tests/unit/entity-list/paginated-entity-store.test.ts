import assert from "node:assert/strict";
import type { PageRequest } from "../../../api/schemas/paginated.ts";
import { Database } from "../../../mock-backend/database.ts";
import { type EntityListDefinition, listPage } from "../../../mock-backend/entity-list/paginated-entity-store.ts";

type SortField = "title" | "created";
interface Thing extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  owner: string;
}

const THINGS: EntityListDefinition<SortField> = {
  from: "things",
  columns: "id, title, description, owner",
  searchFields: { title: "title", description: "description", owner: "owner" },
  defaultSearchFields: ["title", "description"],
  sortColumns: { title: "lower(title)", created: "created" },
  tieBreaker: "id",
};

const aRequest = (overrides: Partial<PageRequest<SortField>> = {}): PageRequest<SortField> => ({
  query: "",
  page: 1,
  perPage: 50,
  sort: "title",
  order: "asc",
  ...overrides,
});

/** A real in-memory DuckDB with six things, created in the order of their ids. */
async function withThings(work: (db: Database) => Promise<void>): Promise<void> {
  const db = await Database.open({ path: ":memory:", connections: 1 });
  try {
    await db.run("CREATE TABLE things (id VARCHAR, title VARCHAR, description VARCHAR, owner VARCHAR, created INTEGER)");
    const rows = [
      ["t1", "Apache errors", "5xx from the web tier", "admin", 3],
      ["t2", "apache access", "all requests", "rita", 1],
      ["t3", "SSH logins", "failed and accepted", "admin", 2],
      ["t4", "Firewall", "dropped packets from apache hosts", "rita", 6],
      ["t5", "Disk space", "", "admin", 5],
      ["t6", "disk latency", "slow apache disks", "admin", 4],
    ];
    for (const row of rows) await db.run("INSERT INTO things VALUES (?, ?, ?, ?, ?)", row);
    await work(db);
  } finally {
    db.close();
  }
}

const ids = (page: { elements: Thing[] }) => page.elements.map((thing) => thing.id);

Deno.test("a page is sorted by the whitelisted column, case-insensitively, with the total of all matches", async () => {
  await withThings(async (db) => {
    const first = await listPage<Thing, SortField>(db, THINGS, aRequest({ perPage: 4 }));
    assert.deepEqual(ids(first), ["t2", "t1", "t6", "t5"]);
    assert.equal(first.total, 6);
    const second = await listPage<Thing, SortField>(db, THINGS, aRequest({ perPage: 4, page: 2 }));
    assert.deepEqual(ids(second), ["t4", "t3"]);
    const beyond = await listPage<Thing, SortField>(db, THINGS, aRequest({ perPage: 4, page: 3 }));
    assert.deepEqual([ids(beyond), beyond.total], [[], 6]);
    const byCreated = await listPage<Thing, SortField>(db, THINGS, aRequest({ sort: "created", order: "desc" }));
    assert.deepEqual(ids(byCreated), ["t4", "t5", "t6", "t1", "t3", "t2"]);
  });
});

Deno.test("free text searches the default fields, case-insensitively and as substrings", async () => {
  await withThings(async (db) => {
    const page = await listPage<Thing, SortField>(db, THINGS, aRequest({ query: "APACHE" }));
    assert.deepEqual(ids(page), ["t2", "t1", "t6", "t4"]);
    assert.equal(page.total, 4);
  });
});

Deno.test("terms on one field match if any does; terms on different fields must all match; '-' excludes", async () => {
  await withThings(async (db) => {
    const search = async (query: string) => ids(await listPage<Thing, SortField>(db, THINGS, aRequest({ query })));
    assert.deepEqual(await search("title:ssh title:firewall"), ["t4", "t3"]);
    assert.deepEqual(await search("apache owner:rita"), ["t2", "t4"]);
    assert.deepEqual(await search("apache -owner:rita"), ["t1", "t6"]);
    assert.deepEqual(await search('description:"from the"'), ["t1"]);
    assert.deepEqual(await search("-disk -apache"), ["t3"]);
  });
});

Deno.test("a field the list does not know is searched as free text, never as a column", async () => {
  await withThings(async (db) => {
    const page = await listPage<Thing, SortField>(db, THINGS, aRequest({ query: "id:t1" }));
    assert.deepEqual([ids(page), page.total], [[], 0]);
    const quoteInjection = await listPage<Thing, SortField>(db, THINGS, aRequest({ query: "title:'); DROP TABLE things; --" }));
    assert.equal(quoteInjection.total, 0);
    assert.equal((await listPage<Thing, SortField>(db, THINGS, aRequest())).total, 6);
  });
});

Deno.test("a scope restricts the list beside the search, with its own parameters", async () => {
  await withThings(async (db) => {
    const page = await listPage<Thing, SortField>(db, THINGS, aRequest({ query: "disk" }), { where: "owner = ?", params: ["admin"] });
    assert.deepEqual(ids(page), ["t6", "t5"]);
    const rita = await listPage<Thing, SortField>(db, THINGS, aRequest({ query: "disk" }), { where: "owner = ?", params: ["rita"] });
    assert.deepEqual(ids(rita), []);
  });
});
