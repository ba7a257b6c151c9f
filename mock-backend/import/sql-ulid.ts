import { quoteLiteral } from "../store/sql-text.ts";
import { encodeUlid } from "../store/ulid.ts";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LOW_BITS = 20n;
const LOW_MASK = (1n << LOW_BITS) - 1n;

/**
 * SQL of the ULIDs a batch reserved (UlidFactory.reserve): `time`'s 10 digits, then the 80 random bits
 * `first + ordinal` as 16 Crockford base-32 digits, exactly as `encodeUlid` writes them. For up to 2^20 ids the
 * first 12 random digits take one of two values known beforehand (adding the ordinal carries at most once out of
 * the low 20 bits), so a row computes only 4 digits: 16 digits from a HUGEINT cost about 1 µs per row.
 */
export function ulidSql(time: number, first: bigint, ordinal: string, count: number): string {
  const prefix = (random: bigint) => encodeUlid(time, randomBytes(random)).slice(0, 22);
  if (count > Number(1n << LOW_BITS)) {
    const value = `(${first}::HUGEINT + (${ordinal})::HUGEINT)`;
    const digits = Array.from(
      { length: 16 },
      (_, i) => `substr(${quoteLiteral(CROCKFORD)}, ((${value} >> ${75 - 5 * i}) & 31)::INTEGER + 1, 1)`,
    );
    return `${quoteLiteral(encodeUlid(time, new Uint8Array(10)).slice(0, 10))} || ${digits.join(" || ")}`;
  }
  const high = first & ~LOW_MASK;
  const low = `(${first & LOW_MASK} + (${ordinal})::BIGINT)`;
  const digits = Array.from(
    { length: 4 },
    (_, i) => `substr(${quoteLiteral(CROCKFORD)}, ((${low} >> ${15 - 5 * i}) & 31)::INTEGER + 1, 1)`,
  );
  return `CASE WHEN ${low} <= ${LOW_MASK} THEN ${quoteLiteral(prefix(high))} ELSE ${
    quoteLiteral(prefix(high + LOW_MASK + 1n))
  } END || ${digits.join(" || ")}`;
}

/** 80 bits as the 10 bytes `encodeUlid` reads, big-endian. */
function randomBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(10);
  for (let i = 9; i >= 0; i--) {
    bytes[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return bytes;
}
