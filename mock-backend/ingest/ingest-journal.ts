/**
 * An input's durable ingest journal: the frames it acknowledges (a GELF HTTP 202) are appended and synced to disk
 * before the acknowledgement, so the acknowledgement need not wait for the store's batch round trip. Once a batch is
 * stored, its frames are committed; at the next start the frames appended but never committed are read back and
 * stored again (at least once: a crash between a batch's commit in the store and the journal's commit stores those
 * messages twice). Appends waiting while a sync runs are written with the next one (group commit).
 *
 * On disk, `{id}.journal` holds records `[u32 length][u32 sequence][u8 address length][address][frame]` and
 * `{id}.committed` the highest committed sequence; the journal is emptied whenever everything in it is committed.
 */

/** A frame read back from the journal: appended, never committed. */
export interface JournaledFrame {
  sequence: number;
  frame: Uint8Array;
  remoteIp: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HEADER_BYTES = 9;

export class IngestJournal {
  private file: Deno.FsFile | null = null;
  private nextSequence = 1;
  private committedSequence = 0;
  private pending: { record: Uint8Array; done: PromiseWithResolvers<void> }[] = [];
  private writing: Promise<void> = Promise.resolve();
  private committing: Promise<void> = Promise.resolve();
  /** The frames read back at open, not yet handed out by `uncommitted`. */
  private recovered: JournaledFrame[] = [];

  private constructor(private readonly path: string, private readonly committedPath: string) {}

  /** Opens (or creates) the journal of `id` in `directory`, reading back what was never committed. */
  static async open(directory: string, id: string): Promise<IngestJournal> {
    await Deno.mkdir(directory, { recursive: true });
    const journal = new IngestJournal(`${directory}/${id}.journal`, `${directory}/${id}.committed`);
    journal.committedSequence = Number(await Deno.readTextFile(journal.committedPath).catch(() => "0")) || 0;
    const bytes = await Deno.readFile(journal.path).catch(() => new Uint8Array());
    journal.recovered = readRecords(bytes).filter((record) => record.sequence > journal.committedSequence);
    const last = Math.max(journal.committedSequence, ...journal.recovered.map((record) => record.sequence));
    journal.nextSequence = last + 1;
    journal.file = await Deno.open(journal.path, { create: true, append: true });
    return journal;
  }

  /** Removes the journal of `id` (a deleted input's; it was closed, everything in it stored). */
  static async remove(directory: string, id: string): Promise<void> {
    for (const suffix of [".journal", ".committed"]) await Deno.remove(`${directory}/${id}${suffix}`).catch(() => {});
  }

  /** The frames appended but never committed before this start, oldest first (handed out once). */
  uncommitted(): JournaledFrame[] {
    return this.recovered.splice(0);
  }

  /** Appends a frame; answers its sequence and a promise that settles once it is on disk. */
  append(frame: Uint8Array, remoteIp: string): { sequence: number; durable: Promise<void> } {
    const sequence = this.nextSequence++;
    const done = Promise.withResolvers<void>();
    this.pending.push({ record: encodeRecord(sequence, frame, remoteIp), done });
    if (this.pending.length === 1) this.writing = this.writing.then(() => this.writePending());
    return { sequence, durable: done.promise };
  }

  /** Marks every frame up to `sequence` as stored; empties the journal once nothing in it waits. */
  commit(sequence: number): Promise<void> {
    if (sequence <= this.committedSequence) return this.committing;
    this.committedSequence = sequence;
    this.committing = this.committing.then(() => Deno.writeTextFile(this.committedPath, String(sequence)))
      .catch((error) => console.error(`The ingest journal ${this.path} could not record a commit`, error));
    // In the write queue, so that no append is written while the file is emptied.
    this.writing = this.writing.then(async () => {
      if (this.file && this.nextSequence - 1 === this.committedSequence) await this.file.truncate(0);
    }).catch((error) => console.error(`The ingest journal ${this.path} could not be emptied`, error));
    return this.committing;
  }

  async close(): Promise<void> {
    await this.writing;
    await this.committing;
    this.file?.close();
    this.file = null;
  }

  private async writePending(): Promise<void> {
    // Everything appended while the previous write and sync ran goes in one write and one sync.
    await Promise.resolve();
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    try {
      const bytes = new Uint8Array(batch.reduce((sum, entry) => sum + entry.record.length, 0));
      let at = 0;
      for (const entry of batch) (bytes.set(entry.record, at), at += entry.record.length);
      if (!this.file) throw new Error("the ingest journal is closed");
      let written = 0;
      while (written < bytes.length) written += await this.file.write(bytes.subarray(written));
      await this.file.syncData();
      for (const entry of batch) entry.done.resolve();
    } catch (error) {
      for (const entry of batch) entry.done.reject(error);
    }
    if (this.pending.length > 0) this.writing = this.writing.then(() => this.writePending());
  }
}

function encodeRecord(sequence: number, frame: Uint8Array, remoteIp: string): Uint8Array {
  const address = encoder.encode(remoteIp).subarray(0, 255);
  const record = new Uint8Array(HEADER_BYTES + address.length + frame.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, record.length - 4);
  view.setUint32(4, sequence);
  view.setUint8(8, address.length);
  record.set(address, HEADER_BYTES);
  record.set(frame, HEADER_BYTES + address.length);
  return record;
}

/** The whole records in `bytes` (a record cut short by a crash mid-write was never acknowledged: it is skipped). */
function readRecords(bytes: Uint8Array): JournaledFrame[] {
  const records: JournaledFrame[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + HEADER_BYTES <= bytes.length) {
    const end = at + 4 + view.getUint32(at);
    if (end > bytes.length) break;
    const addressLength = view.getUint8(at + 8);
    const address = bytes.subarray(at + HEADER_BYTES, at + HEADER_BYTES + addressLength);
    records.push({
      sequence: view.getUint32(at + 4),
      remoteIp: decoder.decode(address),
      frame: bytes.slice(at + HEADER_BYTES + addressLength, end),
    });
    at = end;
  }
  return records;
}
