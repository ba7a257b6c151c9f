import { z } from "@hono/zod-openapi";

/**
 * GET /system/cluster/stats/elasticsearch: Graylog 5.1's `ElasticsearchStats`. The embedded backend has no
 * search cluster: it answers for its DuckDB store as one node holding every index, honestly named.
 */
export const ElasticsearchStatsSchema = z
  .object({
    cluster_name: z.string(),
    cluster_version: z.string(),
    status: z.enum(["green", "yellow", "red"]),
    cluster_health: z.object({
      number_of_nodes: z.number().int(),
      number_of_data_nodes: z.number().int(),
      active_shards: z.number().int(),
      relocating_shards: z.number().int(),
      active_primary_shards: z.number().int(),
      initializing_shards: z.number().int(),
      unassigned_shards: z.number().int(),
      timed_out: z.boolean(),
      pending_tasks: z.number().int(),
      pending_tasks_time_in_queue: z.array(z.number().int()),
    }),
    nodes_stats: z.object({
      total: z.number().int(),
      master_only: z.number().int(),
      data_only: z.number().int(),
      master_data: z.number().int(),
      client: z.number().int(),
    }),
    indices_stats: z.object({
      index_count: z.number().int(),
      store_size: z.number().int(),
      field_data_size: z.number().int(),
      id_map_size: z.number().int(),
    }),
  })
  .openapi("ElasticsearchStats");

export type ElasticsearchStats = z.infer<typeof ElasticsearchStatsSchema>;

/** What the store behind the API reports about itself as a search cluster. */
export interface ClusterStatsSource {
  elasticsearch(): Promise<ElasticsearchStats>;
}
