/**
 * Passwords are kept only as salted scrypt hashes. The users table is out of reach through the Backend
 * interface, so the hashing module the store uses is tested directly.
 */
import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "../../mock-backend/passwords.ts";

Deno.test("a password is stored as a salted scrypt hash that does not contain the password", async () => {
  const hash = await hashPassword("correct horse");
  assert.match(hash, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
  assert.ok(!hash.includes("correct horse"));
  const [, , , , salt, key] = hash.split("$");
  assert.equal(Buffer.from(salt, "base64").length, 16);
  assert.equal(Buffer.from(key, "base64").length, 32);
});

Deno.test("two hashes of the same password differ (random salt)", async () => {
  assert.notEqual(await hashPassword("same"), await hashPassword("same"));
});

Deno.test("verification accepts the right password and rejects a wrong one", async () => {
  const hash = await hashPassword("s3cret");
  assert.equal(await verifyPassword("s3cret", hash), true);
  assert.equal(await verifyPassword("s3cret ", hash), false);
  assert.equal(await verifyPassword("S3cret", hash), false);
  assert.equal(await verifyPassword("", hash), false);
});

Deno.test("a stored value that is not a scrypt hash never verifies, not even against itself", async () => {
  for (const stored of ["s3cret", "", "bcrypt$10$abc$def", "scrypt$16384$8$1$$"]) {
    assert.equal(await verifyPassword(stored, stored), false, stored);
  }
});
