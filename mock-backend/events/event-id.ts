import { createHash } from "node:crypto";
import { encodeUlid } from "../store/ulid.ts";

/**
 * A ULID (Graylog's event id format) whose time part is the event's time and whose other 80 bits are a hash of
 * what the event is (its definition, window and key): evaluating the same data again gives the same ids, so
 * re-evaluation replaces events instead of duplicating them and the demo's events are the same on every start.
 */
export function eventId(time: number, identity: string): string {
  return encodeUlid(time, createHash("sha256").update(identity).digest());
}
