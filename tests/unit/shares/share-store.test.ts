import assert from "node:assert/strict";
import { Database } from "../../../mock-backend/database.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import { EmbeddedShareStore } from "../../../mock-backend/shares/share-store.ts";
import { EVERYONE_GRN } from "../../../api/schemas/shares.ts";

async function withDatabase(fn: (db: Database) => Promise<void>): Promise<void> {
  const db = await Database.open({ path: ":memory:", threads: 1, connections: 1 });
  try {
    await migrate(db);
    await seedEntities(db, "secret");
    await fn(db);
  } finally {
    db.close();
  }
}

Deno.test("views saved before grants existed get their owner's 'own' grant once, when the database is opened", async () => {
  await withDatabase(async (db) => {
    await db.run(
      "INSERT INTO views VALUES ('5f0000000000000000000abc', 'DASHBOARD', 'Old board', '', '', 'reader', now()::TIMESTAMP, '{}', false)",
    );
    await migrate(db);
    await migrate(db);
    const shares = new EmbeddedShareStore(db);
    const grants = await shares.grantsOn("grn::::dashboard:5f0000000000000000000abc");
    assert.equal(grants.length, 1);
    assert.equal(grants[0].capability, "own");
    assert.equal(await shares.usernameOf(grants[0].grantee), "reader");
    assert.deepEqual(await shares.grantedIds([grants[0].grantee], "dashboard"), ["5f0000000000000000000abc"]);
    assert.deepEqual(await shares.grantedIds([grants[0].grantee], "search"), []);
  });
});

Deno.test("replacing grants keeps unchanged ones, changes capabilities and drops the rest", async () => {
  await withDatabase(async (db) => {
    const shares = new EmbeddedShareStore(db);
    const target = "grn::::search:5f0000000000000000000def";
    const [admin, reader] = (await shares.availableGrantees()).filter((g) => g.type === "user").map((g) =>
      g.grn
    );
    const first = await shares.replaceGrants(target, { [admin]: "own", [reader]: "view" }, "admin");
    const second = await shares.replaceGrants(target, { [admin]: "own", [EVERYONE_GRN]: "manage" }, "admin");
    assert.deepEqual(second.map((g) => [g.grantee, g.capability]), [[admin, "own"], [
      EVERYONE_GRN,
      "manage",
    ]]);
    const ownerGrant = (grants: typeof first) => grants.find((grant) => grant.grantee === admin)!.id;
    assert.equal(ownerGrant(second), ownerGrant(first), "the unchanged owner grant keeps its id");
    assert.equal(await shares.usernameOf(EVERYONE_GRN), null);
  });
});
