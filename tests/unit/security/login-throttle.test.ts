import assert from "node:assert/strict";
import { RetryLaterError } from "../../../api/errors.ts";
import { LoginThrottle, type LoginThrottleOptions } from "../../../api/login-throttle.ts";
import { Database } from "../../../mock-backend/database.ts";
import { checkPassword } from "../../../mock-backend/passwords.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import { EmbeddedSessionStore } from "../../../mock-backend/session-store.ts";

/** A throttle on a fake clock whose sleeps only record how long they would have waited. */
function fakeThrottle(options: Partial<LoginThrottleOptions> = {}) {
  let now = 1_000_000;
  const waits: number[] = [];
  const logged: string[] = [];
  const throttle = new LoginThrottle({
    now: () => now,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    log: (line) => logged.push(line),
    ...options,
  });
  return { throttle, waits, logged, advance: (ms: number) => (now += ms) };
}

const wrong = () => Promise.resolve(false);
const right = () => Promise.resolve(true);

async function refusal(attempt: Promise<unknown>): Promise<RetryLaterError> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof RetryLaterError) return error;
    throw error;
  }
  throw new Error("the attempt was not refused");
}

Deno.test("fifty wrong passwords in a row get growing delays, then 429 with Retry-After (they were all answered at once)", async () => {
  const { throttle, waits } = fakeThrottle();
  let refused: RetryLaterError | null = null;
  let answered = 0;
  for (let i = 0; i < 50 && !refused; i++) {
    try {
      await throttle.attempt("admin", "10.0.0.1", wrong);
      answered++;
    } catch (error) {
      refused = error as RetryLaterError;
    }
  }
  assert.equal(answered, 10, "ten wrong passwords are checked");
  assert.deepEqual(waits, [250, 500, 1000, 2000, 4000, 4000, 4000], "after three free failures each attempt waits longer");
  assert.ok(refused instanceof RetryLaterError);
  assert.equal(refused.status, 429);
  assert.equal(refused.retryAfterSeconds, 300);
});

Deno.test("fifty parallel wrong basic-auth checks meet the lockout too: an attempt counts from its start", async () => {
  const { throttle } = fakeThrottle();
  const results = await Promise.allSettled(Array.from({ length: 50 }, () => throttle.attempt("admin", "10.0.0.1", wrong)));
  const refused = results.filter((result) => result.status === "rejected");
  assert.equal(results.length - refused.length, 10, "only ten of the fifty passwords are checked");
  assert.ok(refused.every((result) => (result as PromiseRejectedResult).reason instanceof RetryLaterError));
});

Deno.test("a locked-out guesser does not lock the real user out: they sign in from elsewhere", async () => {
  const { throttle, waits } = fakeThrottle();
  for (let i = 0; i < 10; i++) await throttle.attempt("admin", "10.0.0.1", wrong);
  await refusal(throttle.attempt("admin", "10.0.0.1", right));
  waits.length = 0;
  assert.equal(await throttle.attempt("admin", "192.168.1.5", right), true);
  assert.ok(waits.length === 1 && waits[0] <= 4000, "the username alone only slows the attempt, within the cap");
  // Their success resets the username's delay.
  waits.length = 0;
  assert.equal(await throttle.attempt("admin", "192.168.1.5", right), true);
  assert.deepEqual(waits, []);
});

Deno.test("an address guessing many usernames is refused, whatever the username", async () => {
  const { throttle } = fakeThrottle();
  for (let i = 0; i < 30; i++) await throttle.attempt(`user${i}`, "10.0.0.9", wrong);
  const refused = await refusal(throttle.attempt("someone-new", "10.0.0.9", right));
  assert.equal(refused.status, 429);
  assert.equal(await throttle.attempt("someone-new", "10.0.0.10", right), true, "other addresses are not affected");
});

Deno.test("a lockout ends after its time and failures are forgotten after a quiet while", async () => {
  const { throttle, waits, advance } = fakeThrottle();
  for (let i = 0; i < 10; i++) await throttle.attempt("admin", "10.0.0.1", wrong);
  await refusal(throttle.attempt("admin", "10.0.0.1", wrong));
  advance(4 * 60_000);
  const later = await refusal(throttle.attempt("admin", "10.0.0.1", right));
  assert.equal(later.retryAfterSeconds, 60, "Retry-After counts down");
  advance(16 * 60_000);
  waits.length = 0;
  assert.equal(await throttle.attempt("admin", "10.0.0.1", right), true);
  assert.deepEqual(waits, [], "no delay once the failures are forgotten");
});

Deno.test("failed attempts are logged with the username and address, never the password", async () => {
  const { throttle, logged } = fakeThrottle();
  await throttle.attempt("ad\nmin", "10.0.0.1", wrong);
  assert.equal(logged.length, 1);
  assert.match(logged[0], /Failed sign-in for user 'ad\\nmin' from 10\.0\.0\.1/);
  await throttle.attempt("admin", "10.0.0.1", right);
  assert.equal(logged.length, 1, "a success is not logged as a failure");
});

Deno.test("a wrong password for an unknown user costs a password hash check like one for an existing user", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    await seedEntities(db, "admin-password");
    const checked: (string | null)[] = [];
    const sessions = new EmbeddedSessionStore(db, (password, stored) => {
      checked.push(stored === null ? null : "stored hash");
      return checkPassword(password, stored);
    });
    assert.equal(await sessions.create("admin", "wrong", "localhost"), null);
    assert.equal(await sessions.create("nobody", "wrong", "localhost"), null);
    assert.deepEqual(checked, ["stored hash", null], "both attempts ran the scrypt check (a decoy hash for the unknown user)");
    assert.ok(await sessions.create("admin", "admin-password", "localhost"));
  } finally {
    await db.close();
  }
});
