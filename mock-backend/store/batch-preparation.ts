import { setImmediate } from "node:timers";
import type { IngestResult } from "../message-store.ts";
import type { MessageBatch } from "../ingest/message-batch.ts";
import { CSV_NULL, CsvBatchFile, csvNumber, csvText, csvValue, STREAM_SEPARATOR } from "./csv-batch.ts";
import type { FieldPresence } from "./field-presence.ts";
import { coerce, columnNameFor, type ExtraField, inferType, RESERVED_NAMES } from "./field-registry.ts";
import type { FieldValue } from "./incoming-message.ts";
import type { IndexInfo, IndexRotation } from "./index-sets.ts";
import type { UlidFactory } from "./ulid.ts";

/** The store's state a batch's preparation reads and updates (MessageStore lends it). */
export interface PreparationState {
  /** Extra fields by name: a new field is added, a widened one changes type in place. */
  extras: Map<string, ExtraField>;
  presence: FieldPresence;
  rotation: IndexRotation;
  ulids: UlidFactory;
  /** Told when extra fields were added. */
  fieldsChanged(): void;
}

/** A batch ready to write: its rows in a CSV file, and what writing it changes besides. */
export interface PreparedBatch {
  path: string;
  count: number;
  /** Rows in the file: a message routed to streams of two index sets is one row in each. */
  rows: number;
  /** Receive and processing time of the whole batch (bound once rather than repeated in every row). */
  receivedAt: number;
  /** Extra-field columns that occur in this batch, with their types after this batch. */
  columns: ExtraField[];
  newFields: ExtraField[];
  widened: ExtraField[];
  newPresence: [string, string, string][];
  indices: IndexInfo[];
}

/** Messages prepared between two turns of the event loop. */
const PREPARATION_SLICE = 2_048;

/** The batch file's leading columns, in order, with the types `read_csv` reads them as. */
export const HOT_CSV_COLUMNS: [string, string][] = [
  ["index_name", "VARCHAR"],
  ["_id", "VARCHAR"],
  ["ts", "BIGINT"],
  ["source", "VARCHAR"],
  ["message", "VARCHAR"],
  ["full_message", "VARCHAR"],
  ["level", "BIGINT"],
  ["facility", "VARCHAR"],
  ["streams", "VARCHAR"],
  ["gl2_message_id", "VARCHAR"],
  ["gl2_source_input", "VARCHAR"],
  ["gl2_remote_ip", "VARCHAR"],
  ["size", "BIGINT"],
];

/**
 * Assigns indices (in the index sets the chain chose) and ids, types fields and serialises one batch as CSV (no
 * I/O but the temp file): the chain's store step, with `write`.
 * Per message it allocates little more than its line: the garbage collector was a quarter of this step's time
 * with a row object, value arrays and JSON per message (bench/RESULTS.md "Import").
 */
export async function prepareBatch(
state: PreparationState,
routed: MessageBatch,
result: IngestResult,
): Promise<PreparedBatch> {
  const rowsBefore = result.rows;
  const batch = routed.messages;
  const receivedAt = Date.now();
  const newFields: ExtraField[] = [];
  const widened: ExtraField[] = [];
  // The extra fields of this batch, in the order they first occur: their cells follow the hot columns. Known
  // before the first line is written, so that every line has every cell and lines can be written as they come.
  const positions = new Map<string, number>();
  for (const message of batch) {
    for (const name in message.fields) {
      const raw = message.fields[name] as FieldValue | null | undefined;
      if (raw === null || raw === undefined || positions.has(name) || RESERVED_NAMES.has(name)) continue;
      positions.set(name, positions.size);
    }
  }
  const width = positions.size;
  /** This message's extra-field cells by position (reset after each message). */
  const cells: (string | undefined)[] = [];
  /** This message's fields tracked for presence (reused for every message). */
  const present: string[] = [];
  const newPresence: [string, string, string][] = [];
  const touched = new Map<string, IndexInfo>();
  const seenShapes = new Set<string>();
  const takenColumns = new Set([...state.extras.values()].map((field) => field.column));
  const indexCells = new Map<string, string>();
  /** The cells of the line being built (reused for every message). */
  const row: string[] = [];
  row.length = HOT_CSV_COLUMNS.length + width;
  const file = new CsvBatchFile(await Deno.makeTempFile({ prefix: "sluice-ingest-", suffix: ".csv" }));
  try {
    for (let m = 0; m < batch.length; m++) {
      // Lets the event loop run between slices of a big batch: a live batch of 25,000 took seconds of main thread
      // on a loaded machine, long enough for a UDP input's socket buffer to overflow meanwhile.
      if (m % PREPARATION_SLICE === PREPARATION_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      const message = batch[m];
      const streams = routed.streams[m]!;
      const gl2MessageId = state.ulids.next(receivedAt);
      present.length = 0;
      let size = message.message.length + message.source.length;
      let fullMessage = CSV_NULL;
      if (message.fullMessage !== undefined) {
        fullMessage = csvText(message.fullMessage);
        size += message.fullMessage.length;
        present.push("full_message");
      }
      let level = CSV_NULL;
      if (message.level !== undefined) (level = csvNumber(message.level), present.push("level"));
      let facility = CSV_NULL;
      if (message.facility !== undefined) {
        (facility = csvText(message.facility), present.push("facility"), size += message.facility.length);
      }
      let remoteIp = CSV_NULL;
      if (message.remoteIp !== undefined) {
        (remoteIp = csvText(message.remoteIp), present.push("gl2_remote_ip"));
      }
      // Every stored message has an input: the insert fills a missing one with the import input's id.
      present.push("gl2_source_input");
      if (message.fields) {
        for (const name in message.fields) {
          const raw = message.fields[name] as FieldValue | null | undefined;
          if (raw === null || raw === undefined || RESERVED_NAMES.has(name)) continue;
          let field = state.extras.get(name);
          if (!field) {
            field = { name, column: columnNameFor(name, takenColumns), type: inferType(name, raw) };
            takenColumns.add(field.column);
            state.extras.set(name, field);
            newFields.push(field);
            state.fieldsChanged();
          }
          let value: FieldValue;
          if (field.type === "string" && typeof raw === "string") {
            value = raw; // the common case, without an allocation in coerce
          } else {
            const coerced = coerce(field.type, raw);
            if (coerced.kind === "reject") {
              result.fieldConflicts++;
              continue;
            }
            if (coerced.kind === "widen") {
              field.type = coerced.to;
              if (!newFields.includes(field)) widened.push(field);
            }
            value = coerced.value;
          }
          cells[positions.get(name)!] = csvValue(value);
          present.push(name);
          size += name.length + String(value).length;
        }
      }
      // One flat string per line from a reused array: concatenating cells made rope strings that the garbage
      // collector then spent more time on than everything else in this loop.
      row[1] = csvText(message.id ?? crypto.randomUUID());
      row[2] = csvNumber(Math.round(message.timestamp));
      row[3] = csvText(message.source);
      row[4] = csvText(message.message);
      row[5] = fullMessage;
      row[6] = level;
      row[7] = facility;
      const streamsText = streams.join(STREAM_SEPARATOR);
      row[8] = csvText(streamsText);
      row[9] = csvText(gl2MessageId);
      row[10] = message.inputId === undefined ? CSV_NULL : csvText(message.inputId);
      row[11] = remoteIp;
      row[12] = String(size);
      for (let position = 0; position < width; position++) {
        row[HOT_CSV_COLUMNS.length + position] = cells[position] ?? CSV_NULL;
        cells[position] = undefined;
      }
      let presentText: string | null = null;
      for (const setId of routed.indexSets[m]) {
        const index = state.rotation.take(setId, message.timestamp, size);
        touched.set(index.name, index);
        let indexCell = indexCells.get(index.name);
        if (indexCell === undefined) indexCells.set(index.name, indexCell = csvText(index.name));
        row[0] = indexCell;
        file.add(row.join(","));
        result.rows++;
        presentText ??= present.join(",");
        const shape = `${index.name}\u0000${streamsText}\u0000${presentText}`;
        if (seenShapes.has(shape)) continue;
        seenShapes.add(shape);
        for (const field of present) {
          for (const stream of streams) {
            if (state.presence.mark(index.name, field, stream)) newPresence.push([index.name, field, stream]);
          }
        }
      }
      result.messages++;
    }
  } catch (error) {
    file.close();
    await Deno.remove(file.path).catch(() => {});
    throw error;
  }
  file.close();
  return {
    path: file.path,
    count: batch.length,
    rows: result.rows - rowsBefore,
    receivedAt,
    columns: [...positions.keys()].map((name) => ({ ...state.extras.get(name)! })),
    newFields: newFields.map((field) => ({ ...field })),
    widened: widened.map((field) => ({ ...field })),
    newPresence,
    indices: [...touched.values()].map((index) => ({ ...index })),
  };
}
