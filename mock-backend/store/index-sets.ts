/** An index set: where the messages of its streams are written, in indices `<prefix>_0`, `<prefix>_1`, … */
export interface IndexSet {
  id: string;
  title: string;
  description: string;
  indexPrefix: string;
  isDefault: boolean;
  /** Rotation by message count (Graylog's MessageCountRotationStrategy). */
  maxDocsPerIndex: number;
}

/** One index and its range, like Graylog's index ranges: which messages it holds, by count and time. */
export interface IndexInfo {
  name: string;
  indexSetId: string;
  number: number;
  docCount: number;
  /** Earliest and latest message timestamps (UTC ms), null while empty. */
  beginMs: number | null;
  endMs: number | null;
}

/**
 * Chooses the write index of each index set and rotates it when full. Indices are only ever appended to, and
 * a message goes to the write index of every index set its streams belong to.
 */
export class IndexRotation {
  private readonly writeIndex = new Map<string, IndexInfo>();

  constructor(
    private readonly sets: ReadonlyMap<string, IndexSet>,
    readonly indices: Map<string, IndexInfo>,
  ) {
    for (const index of indices.values()) {
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
    const set = this.sets.get(indexSetId);
    if (!set) throw new Error(`Unknown index set ${indexSetId}`);
    const name = `${set.indexPrefix}_${number}`;
    let index = this.indices.get(name);
    if (!index) {
      index = { name, indexSetId, number, docCount: 0, beginMs: null, endMs: null };
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
  take(indexSetId: string, timestamp: number): IndexInfo {
    const set = this.sets.get(indexSetId);
    if (!set) throw new Error(`Unknown index set ${indexSetId}`);
    let index = this.writeIndex.get(indexSetId);
    if (!index || index.docCount >= set.maxDocsPerIndex) {
      const number = index ? index.number + 1 : 0;
      index = {
        name: `${set.indexPrefix}_${number}`,
        indexSetId,
        number,
        docCount: 0,
        beginMs: null,
        endMs: null,
      };
      this.writeIndex.set(indexSetId, index);
      this.indices.set(index.name, index);
    }
    index.docCount++;
    if (index.beginMs === null || timestamp < index.beginMs) index.beginMs = timestamp;
    if (index.endMs === null || timestamp > index.endMs) index.endMs = timestamp;
    return index;
  }
}
