import { RetryLaterError } from "./errors.ts";

/** How sign-in attempts are slowed down and, for a while, refused. */
export interface LoginThrottleOptions {
  /** Failures (per username, per address, per username from an address) answered without delay. */
  freeFailures: number;
  /** The delay after the free failures; it doubles with every further failure, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures for one username from one address after which that pair is refused with 429 for `lockoutMs`. */
  pairLockoutFailures: number;
  /** Failures from one address (any usernames) after which the address is refused with 429 for `lockoutMs`. */
  addressLockoutFailures: number;
  lockoutMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs: number;
  /** At most this many usernames and addresses are tracked; the least recently failed are forgotten first. */
  maxTracked: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Where failed attempts are reported (never with the password). */
  log: (line: string) => void;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  freeFailures: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  pairLockoutFailures: 10,
  addressLockoutFailures: 30,
  lockoutMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
  maxTracked: 10_000,
  now: Date.now,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  log: (line) => console.warn(line),
};

interface Failures {
  count: number;
  last: number;
  lockedUntil: number;
}

/**
 * Throttles password checks (the session login and HTTP basic auth alike) by username, by client address and by
 * the pair: after a few failures each attempt waits a growing delay; a pair or an address that keeps failing is
 * refused with 429 and Retry-After for a while. A username alone is only slowed, never locked, so that its owner
 * can still sign in from elsewhere while someone guesses from one address. An attempt counts as a failure from
 * the moment it starts (a success takes it back), so parallel guesses meet the delays and the lockout too.
 */
export class LoginThrottle {
  readonly #options: LoginThrottleOptions;
  readonly #failures = new Map<string, Failures>();

  constructor(options: Partial<LoginThrottleOptions> = {}) {
    this.#options = { ...DEFAULT_LOGIN_THROTTLE, ...options };
  }

  /**
   * Runs `verify` (the password check) unless the attempt is refused, after the delay it has earned; a result
   * of false or null is a failure. Throws RetryLaterError (429) when the pair or the address is locked out.
   */
  async attempt<T>(username: string, address: string, verify: () => Promise<T>): Promise<T> {
    const { now, sleep, log } = this.#options;
    const keys = { user: `user\n${username}`, address: `address\n${address}`, pair: `pair\n${username}\n${address}` };
    this.#forgetOld();
    const locked = Math.max(this.#lockedUntil(keys.pair), this.#lockedUntil(keys.address));
    if (locked > now()) throw tooMany(locked - now());
    const before = {
      user: this.#count(keys.user),
      address: this.#count(keys.address),
      pair: this.#count(keys.pair),
    };
    if (before.pair >= this.#options.pairLockoutFailures || before.address >= this.#options.addressLockoutFailures) {
      const key = before.pair >= this.#options.pairLockoutFailures ? keys.pair : keys.address;
      this.#entry(key).lockedUntil = now() + this.#options.lockoutMs;
      log(`Sign-in of user '${printable(username)}' from ${address} refused for ${this.#options.lockoutMs / 1000} s: too many failed attempts`);
      throw tooMany(this.#options.lockoutMs);
    }
    for (const key of Object.values(keys)) this.#fail(key);
    const delay = this.#delayFor(Math.max(before.user, before.address, before.pair));
    if (delay > 0) await sleep(delay);
    const result = await verify();
    if (result) {
      this.#failures.delete(keys.user);
      this.#failures.delete(keys.pair);
      this.#takeBack(keys.address);
    } else {
      log(`Failed sign-in for user '${printable(username)}' from ${address} (${before.pair + 1} in a row from there)`);
    }
    return result;
  }

  #delayFor(failures: number): number {
    const { freeFailures, baseDelayMs, maxDelayMs } = this.#options;
    if (failures < freeFailures) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, failures - freeFailures));
  }

  #count(key: string): number {
    return this.#failures.get(key)?.count ?? 0;
  }

  #lockedUntil(key: string): number {
    return this.#failures.get(key)?.lockedUntil ?? 0;
  }

  #entry(key: string): Failures {
    let entry = this.#failures.get(key);
    if (!entry) {
      entry = { count: 0, last: this.#options.now(), lockedUntil: 0 };
      this.#failures.set(key, entry);
    }
    return entry;
  }

  #fail(key: string): void {
    const entry = this.#entry(key);
    entry.count++;
    entry.last = this.#options.now();
    // Re-inserted: the map's order is the order of the last failure, oldest first.
    this.#failures.delete(key);
    this.#failures.set(key, entry);
  }

  #takeBack(key: string): void {
    const entry = this.#failures.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  #forgetOld(): void {
    const { now, forgetAfterMs, maxTracked } = this.#options;
    const cutoff = now() - forgetAfterMs;
    for (const [key, entry] of this.#failures) {
      const stale = entry.last < cutoff && entry.lockedUntil < now();
      if (stale || this.#failures.size > maxTracked) this.#failures.delete(key);
      else break;
    }
  }
}

function tooMany(ms: number): RetryLaterError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new RetryLaterError(429, `Too many failed sign-in attempts: try again in ${seconds} seconds.`, seconds);
}

/** A username as it is logged: control characters escaped (no forged log lines), at most 100 characters. */
function printable(username: string): string {
  return JSON.stringify(username.slice(0, 100)).slice(1, -1);
}
