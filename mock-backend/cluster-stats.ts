import type { ClusterStatsSource, ElasticsearchStats } from "../api/schemas/cluster-stats.ts";
import type { Database } from "./database.ts";

/**
 * The embedded store described in the words of Graylog's search cluster stats: one node (this process) that is
 * both master and data node, one shard per index, every shard active. `cluster_version` is the DuckDB version the
 * messages live in, so a page showing it does not pretend there is an Elasticsearch.
 */
export class EmbeddedClusterStats implements ClusterStatsSource {
  constructor(private readonly db: Database) {}

  async elasticsearch(): Promise<ElasticsearchStats> {
    const [version, indices, size] = await Promise.all([
      this.db.first<{ version: string }>("SELECT version() AS version"),
      this.db.first<{ n: bigint }>("SELECT count(*) AS n FROM indices"),
      this.db.first<{ bytes: bigint | null }>(
        "SELECT sum(used_blocks * block_size)::BIGINT AS bytes FROM pragma_database_size()",
      ),
    ]);
    const indexCount = Number(indices?.n ?? 0);
    return {
      cluster_name: "sluice-embedded",
      cluster_version: `DuckDB ${version?.version ?? "unknown"}`,
      status: "green",
      cluster_health: {
        number_of_nodes: 1,
        number_of_data_nodes: 1,
        active_shards: indexCount,
        relocating_shards: 0,
        active_primary_shards: indexCount,
        initializing_shards: 0,
        unassigned_shards: 0,
        timed_out: false,
        pending_tasks: 0,
        pending_tasks_time_in_queue: [],
      },
      nodes_stats: { total: 1, master_only: 0, data_only: 0, master_data: 1, client: 0 },
      indices_stats: { index_count: indexCount, store_size: Number(size?.bytes ?? 0), field_data_size: 0, id_map_size: 0 },
    };
  }
}
