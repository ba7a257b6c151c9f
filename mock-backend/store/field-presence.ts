import { ALWAYS_PRESENT } from "./field-registry.ts";
import type { IndexInfo } from "./index-sets.ts";

/** Restricts the field catalog to fields seen in messages of these streams and this time range. */
export interface CatalogScope {
  streams?: readonly string[];
  /** UTC ms, inclusive. */
  from?: number;
  to?: number;
}

/**
 * Which fields occur in which index for which stream (the `field_presence` table, held in memory): what a scoped
 * field catalog lists and `index_names` of `/views/fields`. Ingest marks it batch by batch.
 */
export class FieldPresence {
  /** index name → field → stream ids */
  private readonly byIndex = new Map<string, Map<string, Set<string>>>();

  clear(): void {
    this.byIndex.clear();
  }

  /** Records that `field` occurs in `index` for `stream`; true when that is new. */
  mark(index: string, field: string, stream: string): boolean {
    let fields = this.byIndex.get(index);
    if (!fields) this.byIndex.set(index, fields = new Map());
    let streams = fields.get(field);
    if (!streams) fields.set(field, streams = new Set());
    if (streams.has(stream)) return false;
    streams.add(stream);
    return true;
  }

  /** Every field of any message. */
  everywhere(): Set<string> {
    return new Set([...this.byIndex.values()].flatMap((fields) => [...fields.keys()]));
  }

  /** The fields of messages of `scope`'s streams in indices overlapping its time range. */
  within(indices: ReadonlyMap<string, IndexInfo>, scope: CatalogScope): Set<string> {
    const wanted = scope.streams ? new Set(scope.streams) : null;
    const names = new Set<string>();
    for (const [indexName, fields] of this.byIndex) {
      const index = indices.get(indexName);
      if (!index || !overlaps(index, scope)) continue;
      for (const [field, streams] of fields) {
        if (!wanted || [...streams].some((stream) => wanted.has(stream))) names.add(field);
      }
    }
    return names;
  }

  /**
   * For each field, the indices holding messages with it (in `scope`'s time range and of its streams), sorted by
   * name: `index_names` of `/views/fields`. Fields every message has (and `streams`) are in every such index.
   */
  fieldIndices(indices: Iterable<IndexInfo>, scope: CatalogScope): Map<string, string[]> {
    const wanted = scope.streams ? new Set(scope.streams) : null;
    const byField = new Map<string, Set<string>>();
    const withMessages = new Set<string>();
    for (const index of indices) {
      if (index.docCount === 0 || !overlaps(index, scope)) continue;
      const fields = this.byIndex.get(index.name);
      // Without streams asked for, any index with messages; else one where those streams have messages.
      let holdsWanted = wanted === null;
      for (const [field, streams] of fields ?? []) {
        if (wanted && ![...streams].some((stream) => wanted.has(stream))) continue;
        holdsWanted = true;
        let names = byField.get(field);
        if (!names) byField.set(field, names = new Set());
        names.add(index.name);
      }
      if (holdsWanted) withMessages.add(index.name);
    }
    const sorted = (names: Iterable<string>) => [...names].sort();
    const result = new Map([...byField].map(([field, names]) => [field, sorted(names)]));
    for (const field of [...ALWAYS_PRESENT, "streams"]) result.set(field, sorted(withMessages));
    return result;
  }
}

/** Whether the index holds messages and its time range overlaps the scope's. */
function overlaps(index: IndexInfo, scope: CatalogScope): boolean {
  if (index.beginMs === null || index.endMs === null) return false;
  if (scope.from !== undefined && index.endMs < scope.from) return false;
  return scope.to === undefined || index.beginMs <= scope.to;
}
