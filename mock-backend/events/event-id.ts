import { createHash } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A ULID (Graylog's event id format) whose time part is the event's time and whose other 80 bits are a hash of
 * what the event is (its definition, window and key): evaluating the same data again gives the same ids, so
 * re-evaluation replaces events instead of duplicating them and the demo's events are the same on every start.
 */
export function eventId(time: number, identity: string): string {
  let t = Math.max(0, Math.floor(time));
  const timeChars = new Array<string>(10);
  for (let i = 9; i >= 0; i--) {
    timeChars[i] = CROCKFORD[t % 32];
    t = Math.floor(t / 32);
  }
  const digest = createHash("sha256").update(identity).digest();
  let out = timeChars.join("");
  let buffer = 0;
  let bits = 0;
  for (const byte of digest.subarray(0, 10)) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}
