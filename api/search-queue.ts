import type { MiddlewareHandler } from "hono";
import { withSearchDeadline } from "../shared/search-deadline.ts";
import { ApiError, RetryLaterError } from "./errors.ts";

/** How much search work runs at once and how long the rest may wait (config.ts: SLUICE_SEARCH_*). */
export interface SearchQueueOptions {
  /** Searches executed at the same time. */
  concurrency: number;
  /** Searches that may wait for a slot; one more is refused at once with 503. */
  maxWaiting: number;
  /** How long a search may wait for a slot before it is answered 503. */
  maxWaitMs: number;
  /**
   * How long a search may run in its slot until its answer starts: then its statements are interrupted and it is
   * answered 503 with a message that says so (config.ts: SLUICE_SEARCH_TIMEOUT_MS).
   */
  timeoutMs: number;
}

export const DEFAULT_SEARCH_QUEUE: SearchQueueOptions = { concurrency: 2, maxWaiting: 500, maxWaitMs: 30_000, timeoutMs: 60_000 };

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Search work in bounded concurrency, fair between users: a free slot goes to the users with waiting searches in
 * turn (round robin), so one user's burst of searches does not starve the others. The rest of the API (the
 * ping, sessions, pages) is never queued and stays responsive while searches pile up; a search that cannot get
 * a slot in time, or finds the queue full, is answered 503 with Retry-After rather than left hanging.
 */
export class SearchQueue {
  readonly #options: SearchQueueOptions;
  #running = 0;
  #waitingCount = 0;
  /** Waiting searches per user, and the users in the order they get their next turn. */
  readonly #waiting = new Map<string, Waiter[]>();
  readonly #turns: string[] = [];

  constructor(options: Partial<SearchQueueOptions> = {}) {
    this.#options = { ...DEFAULT_SEARCH_QUEUE, ...options };
  }

  /** How long a search may run in its slot (SearchQueueOptions.timeoutMs). */
  get timeoutMs(): number {
    return this.#options.timeoutMs;
  }

  /** Searches running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waitingCount };
  }

  /** Runs `work` in a slot, after waiting for one if all are taken. */
  async run<T>(user: string, work: () => Promise<T>): Promise<T> {
    await this.#slot(user);
    try {
      return await work();
    } finally {
      this.#running--;
      this.#next();
    }
  }

  #slot(user: string): Promise<void> {
    const { concurrency, maxWaiting, maxWaitMs } = this.#options;
    if (this.#running < concurrency && this.#waitingCount === 0) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waitingCount >= maxWaiting) {
      return Promise.reject(busy(`The server is busy: ${maxWaiting} searches are waiting already.`, maxWaitMs));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.#running++;
          resolve();
        },
        timer: setTimeout(() => {
          this.#forget(user, waiter);
          reject(busy(`The server is busy: the search waited ${maxWaitMs / 1000} s for its turn.`, maxWaitMs));
        }, maxWaitMs),
      };
      const queue = this.#waiting.get(user);
      if (queue) queue.push(waiter);
      else {
        this.#waiting.set(user, [waiter]);
        this.#turns.push(user);
      }
      this.#waitingCount++;
    });
  }

  /** Gives free slots to the next users in turn. */
  #next(): void {
    while (this.#running < this.#options.concurrency && this.#turns.length > 0) {
      const user = this.#turns.shift()!;
      const queue = this.#waiting.get(user)!;
      const waiter = queue.shift()!;
      this.#waitingCount--;
      if (queue.length > 0) this.#turns.push(user);
      else this.#waiting.delete(user);
      waiter.start();
    }
  }

  #forget(user: string, waiter: Waiter): void {
    const queue = this.#waiting.get(user);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    this.#waitingCount--;
    if (queue.length === 0) {
      this.#waiting.delete(user);
      this.#turns.splice(this.#turns.indexOf(user), 1);
    }
  }
}

function busy(message: string, maxWaitMs: number): RetryLaterError {
  // A wait as long as the longest allowed one is the honest guess of when a slot frees up; at least a second.
  const seconds = Math.max(1, Math.min(60, Math.ceil(maxWaitMs / 1000)));
  return new RetryLaterError(503, `${message} Try again in ${seconds} seconds.`, seconds);
}

/** The calls that run the search engine: each runs in a slot of the queue, as the signed-in user. */
export const QUEUED_SEARCH_CALLS: readonly { method: "GET" | "POST"; path: string }[] = [
  { method: "POST", path: "/views/search/sync" },
  { method: "POST", path: "/views/search/:id/execute" },
  { method: "POST", path: "/views/export" },
  { method: "GET", path: "/search/universal/*" },
  { method: "POST", path: "/views/search/messages" },
  { method: "POST", path: "/views/search/messages/*" },
  { method: "GET", path: "/views/search/messages/job/*" },
  { method: "GET", path: "/search/messages" },
  { method: "POST", path: "/search/messages" },
  { method: "GET", path: "/search/aggregate" },
  { method: "POST", path: "/search/aggregate" },
  { method: "POST", path: "/search/mapdata" },
];

/** Middleware running the rest of a queued call in a slot (mounted on QUEUED_SEARCH_CALLS only). */
export function queuedSearch(queue: SearchQueue, method: string): MiddlewareHandler {
  return async function queuedSearch(c, next) {
    const user = c.get("user");
    // Anonymous calls are refused by `authorize` at once: they need no slot.
    if (c.req.method !== method || !user) return await next();
    await queue.run(user.username, () => cutOffAfter(queue.timeoutMs, next));
  };
}

/**
 * Runs `work` under a deadline of `ms` (shared/search-deadline.ts): past it, the database interrupts the work's
 * statements and the call is answered at once with a 503 saying the search was cut off. An answer that has
 * started (an export streaming its rows) is no longer timed.
 */
async function cutOffAfter(ms: number, work: () => Promise<void>): Promise<void> {
  const deadline = new AbortController();
  const cutOff = new Promise<never>((_, reject) => {
    deadline.signal.addEventListener("abort", () => reject(deadline.signal.reason));
  });
  const timer = setTimeout(() => deadline.abort(searchTimedOut(ms)), ms);
  try {
    await Promise.race([withSearchDeadline(deadline.signal, work), cutOff]);
  } finally {
    clearTimeout(timer);
  }
}

function searchTimedOut(ms: number): ApiError {
  const limit = ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
  return new ApiError(
    503,
    `The search was cut off after ${limit}, the server's search time-out (SLUICE_SEARCH_TIMEOUT_MS). Narrow the time range or the query, or ask an administrator to raise the time-out.`,
  );
}
