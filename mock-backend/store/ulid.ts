const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID's text: 48-bit time as 10 base-32 digits, then the 80 bits of `entropy` (10 bytes) as 16. */
export function encodeUlid(time: number, entropy: Uint8Array): string {
  let t = Math.max(0, Math.floor(time));
  const timeChars = new Array<string>(10);
  for (let i = 9; i >= 0; i--) {
    timeChars[i] = CROCKFORD[t % 32];
    t = Math.floor(t / 32);
  }
  let out = timeChars.join("");
  // 5 bits at a time from the 10 bytes.
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < 10; i++) {
    buffer = (buffer << 8) | entropy[i];
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/**
 * Monotonic ULIDs (`gl2_message_id`, the tie-breaker of equal timestamps): 48-bit time, 80 random bits that
 * count up within one millisecond, so ids sort in the order messages arrived.
 */
export class UlidFactory {
  private lastTime = -1;
  private readonly random = new Uint8Array(10);

  next(time: number): string {
    if (time <= this.lastTime) {
      this.increment();
      time = this.lastTime;
    } else {
      this.lastTime = time;
      crypto.getRandomValues(this.random);
      this.random[0] &= 0x7f; // room to count up without overflowing 80 bits
    }
    return encodeUlid(time, this.random);
  }

  /**
   * Reserves `count` ids at `time` as `count` calls of `next(time)` would give them (a bulk insert that encodes them
   * in SQL, mock-backend/import/sql-ulid.ts): their time part and the first id's 80 random bits; the others count up.
   */
  reserve(time: number, count: number): { time: number; first: bigint } {
    if (count <= 0) return { time: Math.max(time, this.lastTime), first: 0n };
    this.next(time);
    const taken = Math.max(time, this.lastTime);
    let first = 0n;
    for (const byte of this.random) first = (first << 8n) | BigInt(byte);
    let last = first + BigInt(count - 1);
    for (let i = this.random.length - 1; i >= 0; i--) {
      this.random[i] = Number(last & 0xffn);
      last >>= 8n;
    }
    return { time: taken, first };
  }

  private increment(): void {
    for (let i = this.random.length - 1; i >= 0; i--) {
      if (this.random[i] < 255) {
        this.random[i]++;
        return;
      }
      this.random[i] = 0;
    }
  }
}
