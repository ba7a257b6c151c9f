import { countRotation, type IndexSet as IndexSetSummary, NOOP_RETENTION } from "../../api/schemas/index-sets.ts";
import type { Database } from "../database.ts";
import type { FieldType } from "../search/field-catalog.ts";
import type { ExtraField } from "./field-registry.ts";
import { countLimit, type IndexInfo, type IndexSet } from "./index-sets.ts";
import { seedIndexSetConfig } from "./store-seed.ts";
import { type RoutedStream, streamRuleType } from "./stream-router.ts";

/**
 * The index sets as stored; `maxDocsPerIndex` (tests) turns every set's rotation into that message count rotation.
 * A set written before index sets had their settings gets Graylog's defaults with its count rotation (and keeps them).
 */
export async function readIndexSets(db: Database, maxDocsPerIndex: number | undefined): Promise<Map<string, IndexSet>> {
  const read = new Map<string, IndexSet>();
  for (
    const set of await db.all<
      {
        id: string;
        title: string;
        description: string;
        index_prefix: string;
        is_default: boolean;
        max_docs_per_index: bigint;
        config: string | null;
      }
    >("SELECT * FROM index_sets")
  ) {
    if (set.config === null) {
      set.config = JSON.stringify(seedIndexSetConfig(Number(set.max_docs_per_index)));
      await db.run("UPDATE index_sets SET config = ? WHERE id = ?", [set.config, set.id]);
    }
    const config = JSON.parse(set.config) as Partial<IndexSetSummary>;
    const rotation = config.rotation_strategy ?? countRotation(Number(set.max_docs_per_index));
    const limit = maxDocsPerIndex ?? countLimit(rotation);
    read.set(set.id, {
      id: set.id,
      title: set.title,
      description: set.description,
      indexPrefix: set.index_prefix,
      isDefault: set.is_default,
      maxDocsPerIndex: limit,
      rotation: maxDocsPerIndex === undefined ? rotation : countRotation(limit),
      retention: config.retention_strategy ?? NOOP_RETENTION,
    });
  }
  return read;
}

/** The indices as stored, by name (their ranges as last counted). */
export async function readIndices(db: Database): Promise<Map<string, IndexInfo>> {
  const indices = new Map<string, IndexInfo>();
  for (
    const index of await db.all<
      {
        name: string;
        index_set_id: string;
        number: number;
        doc_count: bigint;
        begin_ms: bigint | null;
        end_ms: bigint | null;
        created_ms: bigint;
        size_bytes: bigint | null;
        status: string | null;
      }
    >("SELECT * EXCLUDE (created_at), epoch_ms(created_at) AS created_ms FROM indices")
  ) {
    indices.set(index.name, {
      name: index.name,
      indexSetId: index.index_set_id,
      number: index.number,
      docCount: Number(index.doc_count),
      sizeBytes: Number(index.size_bytes ?? 0),
      beginMs: index.begin_ms === null ? null : Number(index.begin_ms),
      endMs: index.end_ms === null ? null : Number(index.end_ms),
      createdAtMs: Number(index.created_ms),
      status: index.status === "closed" || index.status === "deleted" ? index.status : "open",
      rangeCalculatedAtMs: Date.now(),
    });
  }
  return indices;
}

/** The fields with a column of their own beyond the hot fields (`message_fields`). */
export async function readExtraFields(db: Database): Promise<ExtraField[]> {
  const fields = await db.all<{ name: string; column_name: string; type: FieldType }>("SELECT * FROM message_fields");
  return fields.map((field) => ({ name: field.name, column: field.column_name, type: field.type }));
}

/** Which field occurs in which index for which stream (`field_presence`). */
export function readFieldPresence(db: Database): Promise<{ index_name: string; field: string; stream_id: string }[]> {
  return db.all<{ index_name: string; field: string; stream_id: string }>("SELECT * FROM field_presence");
}

/** The streams with their rules, as routing needs them; a stream without a known index set writes to the default set's. */
export async function readRoutedStreams(
  db: Database,
  indexSets: ReadonlyMap<string, IndexSet>,
): Promise<RoutedStream[]> {
  const streams = await db.all<{
    id: string;
    title: string;
    is_default: boolean;
    disabled: boolean;
    index_set_id: string | null;
    remove_matches_from_default_stream: boolean | null;
    matching_type: string | null;
  }>("SELECT * FROM streams ORDER BY created_at, id");
  const rules = await db.all<
    {
      id: string;
      stream_id: string;
      field: string;
      type: number;
      value: string;
      inverted: boolean;
      description: string;
    }
  >(
    "SELECT * FROM stream_rules ORDER BY id",
  );
  const defaultSet = [...indexSets.values()].find((set) => set.isDefault)!;
  return streams.map((stream) => ({
    id: stream.id,
    title: stream.title,
    isDefault: stream.is_default,
    disabled: stream.disabled,
    indexSetId: stream.index_set_id && indexSets.has(stream.index_set_id) ? stream.index_set_id : defaultSet.id,
    removeMatchesFromDefaultStream: stream.remove_matches_from_default_stream ?? false,
    matchingType: stream.matching_type === "OR" ? "OR" : "AND",
    rules: rules.filter((rule) => rule.stream_id === stream.id).map((rule) => ({
      ...rule,
      type: streamRuleType(rule.type),
    })),
  }));
}
