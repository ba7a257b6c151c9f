import dayjs from "dayjs";
import duration from "dayjs/plugin/duration.js";
import type { RetentionStrategyConfig, RotationStrategyConfig, StoredIndex } from "../../api/schemas/index-sets.ts";
import { type IndexLifecycleListener, NO_INDEX_LIFECYCLE_LISTENER } from "./index-lifecycle.ts";
import { retentionKindOfConfig, rotationKindOfConfig } from "../../api/schemas/index-sets.ts";

dayjs.extend(duration);

/** An index set: where the messages of its streams are written, in indices `<prefix>_0`, `<prefix>_1`, … */
export interface IndexSet {
  id: string;
  title: string;
  description: string;
  indexPrefix: string;
  isDefault: boolean;
  /**
   * The message count rotation's limit; for size and time rotation no count limit (the bulk import computes index
   * numbers from it in SQL; those strategies rotate at the next message instead).
   */
  maxDocsPerIndex: number;
  rotation: RotationStrategyConfig;
  retention: RetentionStrategyConfig;
}

/** One index and its range, like Graylog's index ranges: which messages it holds, by count, bytes and time. */
export type IndexInfo = StoredIndex;

/**
 * The upsert of an index's row in `indices` (ingest and bulk import write it in their transaction). It leaves the
 * status of an existing row alone: a batch prepared before retention closed or deleted the index holds a stale
 * copy; status changes are written by the store alone (STATUS_SQL).
 */
export const UPSERT_INDEX_SQL = `INSERT INTO indices (name, index_set_id, number, doc_count, begin_ms, end_ms, created_at, size_bytes, status)
  VALUES (?, ?, ?, ?, ?, ?, make_timestamp(?::BIGINT * 1000), ?, ?)
  ON CONFLICT (name) DO UPDATE SET doc_count = excluded.doc_count, begin_ms = excluded.begin_ms, end_ms = excluded.end_ms,
    size_bytes = excluded.size_bytes`;

export const INDEX_STATUS_SQL = "UPDATE indices SET status = ? WHERE name = ?";

export const upsertIndexParams = (index: IndexInfo) => [
  index.name,
  index.indexSetId,
  index.number,
  index.docCount,
  index.beginMs,
  index.endMs,
  index.createdAtMs,
  index.sizeBytes,
  index.status,
];

/** The count limit an index set's rotation puts on one index (none for size and time rotation). */
export function countLimit(rotation: RotationStrategyConfig): number {
  return rotation.type.endsWith("MessageCountRotationStrategyConfig") && "max_docs_per_index" in rotation
    ? rotation.max_docs_per_index
    : Number.MAX_SAFE_INTEGER;
}

/** Whether `index` is full by its set's rotation strategy at `now` (Graylog's rotation strategies). */
const ROTATION_DUE: Record<ReturnType<typeof rotationKindOfConfig>, (set: IndexSet, index: IndexInfo, now: number) => boolean> = {
  count: (set, index) => index.docCount >= set.maxDocsPerIndex,
  size: (set, index) => "max_size" in set.rotation && index.sizeBytes >= set.rotation.max_size,
  time: (set, index, now) =>
    "rotation_period" in set.rotation && index.docCount > 0 &&
    now - index.createdAtMs >= dayjs.duration(set.rotation.rotation_period).asMilliseconds(),
};

/**
 * Chooses the write index of each index set, rotates it by the set's strategy and applies the set's retention.
 * Indices are only ever appended to; a deleted one keeps its entry (status `deleted`) so that its messages stay
 * out of every search and its name is never given again.
 */
export class IndexRotation {
  private readonly writeIndex = new Map<string, IndexInfo>();

  constructor(
    private readonly sets: ReadonlyMap<string, IndexSet>,
    readonly indices: Map<string, IndexInfo>,
    private readonly listener: IndexLifecycleListener = NO_INDEX_LIFECYCLE_LISTENER,
  ) {
    for (const index of indices.values()) {
      if (index.status === "deleted") continue;
      const current = this.writeIndex.get(index.indexSetId);
      if (!current || index.number > current.number) this.writeIndex.set(index.indexSetId, index);
    }
  }

  /** The index set's current write index, if it has one (a bulk insert computing index assignment in SQL). */
  current(indexSetId: string): IndexInfo | undefined {
    return this.writeIndex.get(indexSetId);
  }

  /**
   * Counts `count` messages between `beginMs` and `endMs` into index `number` of the set, as many `take` calls
   * would have (a bulk insert that assigned its rows to indices in SQL); it becomes the write index when newest.
   */
  record(indexSetId: string, number: number, count: number, beginMs: number, endMs: number): IndexInfo {
    const set = this.set(indexSetId);
    const name = `${set.indexPrefix}_${number}`;
    let index = this.indices.get(name);
    if (!index) {
      index = newIndex(name, indexSetId, number);
      this.indices.set(name, index);
    }
    const current = this.writeIndex.get(indexSetId);
    if (!current || number >= current.number) this.writeIndex.set(indexSetId, index);
    index.docCount += count;
    if (index.beginMs === null || beginMs < index.beginMs) index.beginMs = beginMs;
    if (index.endMs === null || endMs > index.endMs) index.endMs = endMs;
    return index;
  }

  /** The index the next message of `indexSetId` goes to (created or rotated as needed), counted. */
  take(indexSetId: string, timestamp: number, sizeBytes = 0, now = Date.now()): IndexInfo {
    const set = this.set(indexSetId);
    let index = this.writeIndex.get(indexSetId);
    if (!index || ROTATION_DUE[rotationKindOfConfig(set.rotation)](set, index, now)) index = this.cycle(indexSetId, now);
    index.docCount++;
    index.sizeBytes += sizeBytes;
    if (index.beginMs === null || timestamp < index.beginMs) index.beginMs = timestamp;
    if (index.endMs === null || timestamp > index.endMs) index.endMs = timestamp;
    return index;
  }

  /** Starts a new, empty write index for the set (Graylog's deflector cycle). */
  cycle(indexSetId: string, now = Date.now()): IndexInfo {
    const set = this.set(indexSetId);
    const number = this.nextNumber(set);
    const index = newIndex(`${set.indexPrefix}_${number}`, indexSetId, number, now);
    const previous = this.writeIndex.get(indexSetId)?.name ?? null;
    this.writeIndex.set(indexSetId, index);
    this.indices.set(index.name, index);
    this.listener.cycled(indexSetId, previous, index.name);
    return index;
  }

  /**
   * Applies the set's retention: beyond `max_number_of_indices`, the oldest indices are deleted (deletion counts
   * open and closed ones) or closed (closing counts open ones); never the write index. The indices changed.
   */
  retire(indexSetId: string): IndexInfo[] {
    const set = this.set(indexSetId);
    const kind = retentionKindOfConfig(set.retention);
    if (kind === "none") return [];
    const write = this.writeIndex.get(indexSetId);
    const counted = [...this.indices.values()]
      .filter((index) => index.indexSetId === indexSetId && (kind === "delete" ? index.status !== "deleted" : index.status === "open"))
      .sort((a, b) => a.number - b.number);
    const changed: IndexInfo[] = [];
    for (const index of counted.slice(0, Math.max(counted.length - set.retention.max_number_of_indices, 0))) {
      if (index === write) continue;
      index.status = kind === "delete" ? "deleted" : "closed";
      changed.push(index);
      this.listener.retired(indexSetId, index.name, index.status);
    }
    return changed;
  }

  /** Forgets the write index of a removed set. */
  dropSet(indexSetId: string): void {
    this.writeIndex.delete(indexSetId);
  }

  private set(indexSetId: string): IndexSet {
    const set = this.sets.get(indexSetId);
    if (!set) throw new Error(`Unknown index set ${indexSetId}`);
    return set;
  }

  /** One past the highest number any index of the prefix ever had (a new set may reuse a deleted set's prefix). */
  private nextNumber(set: IndexSet): number {
    let highest = -1;
    const start = `${set.indexPrefix}_`;
    for (const index of this.indices.values()) {
      if (!index.name.startsWith(start)) continue;
      const number = Number(index.name.slice(start.length));
      if (Number.isInteger(number) && number > highest) highest = number;
    }
    return highest + 1;
  }
}

function newIndex(name: string, indexSetId: string, number: number, now = Date.now()): IndexInfo {
  return {
    name,
    indexSetId,
    number,
    docCount: 0,
    sizeBytes: 0,
    beginMs: null,
    endMs: null,
    createdAtMs: now,
    status: "open",
    rangeCalculatedAtMs: now,
  };
}
