/**
 * Just enough of source map v3 to say which original file a position of a minified bundle came from: the
 * CPU profiles of the search-page benchmark name minified functions, their source files name the cause.
 */

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Per generated line: sorted [generated column, source index] pairs. */
export interface SourceLookup {
  sources: string[];
  lines: Int32Array[];
}

export function parseSourceMap(map: { sources: string[]; mappings: string }): SourceLookup {
  const lines: Int32Array[] = [];
  let source = 0;
  for (const line of map.mappings.split(";")) {
    const pairs: number[] = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const fields = decodeVlq(segment);
      column += fields[0];
      if (fields.length > 1) {
        source += fields[1];
        pairs.push(column, source);
      }
      // fields[2..] (original line, column, name) are relative too but not needed: only the file is.
    }
    lines.push(Int32Array.from(pairs));
  }
  return { sources: map.sources, lines };
}

/** The original source file of a generated position (0-based line and column), or null. */
export function sourceAt(lookup: SourceLookup, line: number, column: number): string | null {
  const pairs = lookup.lines[line];
  if (!pairs || pairs.length === 0) return null;
  let low = 0;
  let high = pairs.length / 2 - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (pairs[mid * 2] <= column) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found < 0 ? null : lookup.sources[pairs[found * 2 + 1]] ?? null;
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let shift = 0;
  let value = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      shift = 0;
      value = 0;
    }
  }
  return values;
}
