import { randomBytes } from "node:crypto";

/** A MongoDB-style ObjectId (24 hex digits: 4 bytes of seconds, 8 random bytes), as Graylog ids look. */
export function objectId(now = Date.now()): string {
  return Math.floor(now / 1000).toString(16).padStart(8, "0") + randomBytes(8).toString("hex");
}
