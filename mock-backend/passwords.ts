import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** A salted scrypt hash: `scrypt$N$r$p$salt$hash` (base64). Plain passwords are never stored. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | null = null;

/**
 * Checks a password against a user's stored hash, or, for an unknown (or disabled) user, against a random hash
 * and answers false: both cost the same scrypt work, so that timing does not tell which usernames exist.
 */
export async function checkPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored !== null) return await verifyPassword(password, stored);
  decoy ??= hashPassword(randomBytes(16).toString("base64"));
  await verifyPassword(password, await decoy);
  return false;
}
