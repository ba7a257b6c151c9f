import type { TestMessage } from "./pivot-fixture.ts";

/** An independent, in-memory model of nested `values` groupings (Elasticsearch's nested terms aggregations). */
export interface ReferenceLevel {
  fields: string[];
  limit: number;
  skip?: boolean;
  /** Default: count descending, ties by key ascending. */
  order?: (a: ReferenceBucket, b: ReferenceBucket) => number;
}

export interface ReferenceBucket {
  keys: string[];
  messages: TestMessage[];
}

const EMPTY = "(Empty Value)";

/** A message's term for a field: `source` lower-cased (keyword analyzer), numbers as text, undefined if missing. */
export function termOf(message: TestMessage, field: string): string | undefined {
  if (field === "source") return message.source.toLowerCase();
  const value = message.fields[field];
  return value === undefined ? undefined : String(value);
}

export function byCountThenKey(a: ReferenceBucket, b: ReferenceBucket): number {
  return b.messages.length - a.messages.length || compareKeys(a.keys, b.keys);
}

/** Key tuples ascending, missing components last, numbers numerically. */
export function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (a[i] === EMPTY) return 1;
    if (b[i] === EMPTY) return -1;
    const x = Number(a[i]);
    const y = Number(b[i]);
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
    return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/** The buckets of one level: top `limit` by the order, then the bucket of messages missing every field. */
export function referenceLevel(messages: TestMessage[], level: ReferenceLevel): ReferenceBucket[] {
  const groups = new Map<string, ReferenceBucket>();
  const missing: TestMessage[] = [];
  for (const message of messages) {
    const terms = level.fields.map((field) => termOf(message, field));
    if (terms.every((t) => t === undefined)) {
      if (!level.skip) missing.push(message);
      continue;
    }
    if (level.skip && terms.some((t) => t === undefined)) continue;
    const keys = terms.map((t) => t ?? EMPTY);
    const id = JSON.stringify(keys);
    if (!groups.has(id)) groups.set(id, { keys, messages: [] });
    groups.get(id)!.messages.push(message);
  }
  const top = [...groups.values()].sort(level.order ?? byCountThenKey).slice(0, level.limit);
  if (missing.length) top.push({ keys: level.fields.map(() => EMPTY), messages: missing });
  return top;
}

/** Leaf buckets of nested levels, depth first, keys concatenated. */
export function referenceLeaves(messages: TestMessage[], levels: ReferenceLevel[]): ReferenceBucket[] {
  if (levels.length === 0) return [{ keys: [], messages }];
  return referenceLevel(messages, levels[0]).flatMap((bucket) =>
    referenceLeaves(bucket.messages, levels.slice(1)).map((leaf) => ({
      keys: [...bucket.keys, ...leaf.keys],
      messages: leaf.messages,
    }))
  );
}
