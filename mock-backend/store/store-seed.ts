import { INDEX_SET_DEFAULTS, countRotation, type IndexSet as IndexSetSummary } from "../../api/schemas/index-sets.ts";
import { SEED_INDEX_SETS, SEED_STREAMS } from "../../fixtures/seed-streams.ts";
import type { Database } from "../database.ts";

/** On a database's first open: the seeded index sets, and the seeded streams' index sets and rules. */
export async function seedIndexSetsAndStreams(db: Database): Promise<void> {
  const existing = await db.first<{ n: bigint }>("SELECT count(*) AS n FROM index_sets");
  if (Number(existing?.n ?? 0) > 0) return;
  await db.transaction(async (connection) => {
    for (const set of SEED_INDEX_SETS) {
      const config = seedIndexSetConfig(set.max_docs_per_index);
      await connection.run(
        `INSERT INTO index_sets (id, title, description, index_prefix, is_default, max_docs_per_index, creation_date, config)
         VALUES (?, ?, ?, ?, ?, ?, current_timestamp::TIMESTAMP, ?)`,
        [
          set.id,
          set.title,
          set.description,
          set.index_prefix,
          set.is_default,
          set.max_docs_per_index,
          JSON.stringify(config),
        ],
      );
    }
    for (const stream of SEED_STREAMS) {
      await connection.run(
        `UPDATE streams SET index_set_id = ?, remove_matches_from_default_stream = ?, matching_type = ? WHERE id = ?`,
        [stream.index_set_id, stream.remove_matches_from_default_stream, stream.matching_type, stream.id],
      );
      for (const rule of stream.rules) {
        await connection.run("INSERT OR IGNORE INTO stream_rules VALUES (?, ?, ?, ?, ?, ?, ?)", [
          rule.id,
          stream.id,
          rule.field,
          rule.type,
          rule.value,
          rule.inverted,
          rule.description,
        ]);
      }
    }
  });
}

/** The settings of a seeded index set: Graylog's defaults with its own count rotation. */
export function seedIndexSetConfig(
  maxDocsPerIndex: number,
): Omit<IndexSetSummary, "id" | "title" | "description" | "index_prefix" | "default" | "creation_date"> {
  return {
    writable: true,
    can_be_default: true,
    shards: INDEX_SET_DEFAULTS.shards,
    replicas: INDEX_SET_DEFAULTS.replicas,
    rotation_strategy_class: INDEX_SET_DEFAULTS.rotation_strategy_class,
    rotation_strategy: countRotation(maxDocsPerIndex),
    retention_strategy_class: INDEX_SET_DEFAULTS.retention_strategy_class,
    retention_strategy: INDEX_SET_DEFAULTS.retention_strategy_config,
    index_analyzer: INDEX_SET_DEFAULTS.index_analyzer,
    index_optimization_max_num_segments: INDEX_SET_DEFAULTS.index_optimization_max_num_segments,
    index_optimization_disabled: INDEX_SET_DEFAULTS.index_optimization_disabled,
    field_type_refresh_interval: INDEX_SET_DEFAULTS.field_type_refresh_interval,
    index_template_type: "messages",
  };
}
