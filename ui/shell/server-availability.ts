import { atom } from "jotai";
import type { ServerFailure } from "../api/api-transport.ts";

/** Up or down (spec 000 §4): the first error makes it down, the next success makes it up. */
export interface ServerAvailability {
  up: boolean;
  /** The last failed server response, shown behind 'More details'. */
  failure: ServerFailure | null;
}

export const serverAvailabilityAtom = atom<ServerAvailability>({ up: true, failure: null });

/** Ping interval (spec 000 §9). */
export const PING_INTERVAL_MS = 20_000;
