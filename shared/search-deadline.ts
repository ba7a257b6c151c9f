import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The time-out of the search being served (issue 22 item 4), carried along its async work without being passed
 * through every call: the API sets it around a search call (api/search-queue.ts), the database reads it when a
 * statement starts and interrupts the statement when it fires (mock-backend/database.ts).
 */
const deadline = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` under `signal`: statements it starts are interrupted once the signal aborts. */
export function withSearchDeadline<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return deadline.run(signal, work);
}

/** The deadline of the search whose work is running, if any. */
export function currentSearchDeadline(): AbortSignal | undefined {
  return deadline.getStore();
}
