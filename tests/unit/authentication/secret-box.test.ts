import assert from "node:assert/strict";
import { SecretBox } from "../../../mock-backend/authentication/secret-box.ts";

Deno.test("a sealed secret does not show its plain text and opens again with the key beside the database", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const box = await SecretBox.forDatabase(`${dir}/sluice.duckdb`);
    const sealed = box.seal("bind-password-123");
    assert.ok(!sealed.includes("bind-password-123"));
    assert.notEqual(box.seal("bind-password-123"), sealed, "each seal has its own nonce");
    assert.equal((await Deno.stat(`${dir}/sluice.duckdb.secret`)).mode! & 0o777, 0o600, "the key file is its owner's only");
    const again = await SecretBox.forDatabase(`${dir}/sluice.duckdb`);
    assert.equal(again.open(sealed), "bind-password-123");
    const other = await SecretBox.forDatabase(":memory:");
    assert.throws(() => other.open(sealed), "another key cannot open it");
    assert.equal(other.open("stored-before-sealing"), "stored-before-sealing");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
