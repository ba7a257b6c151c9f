import { z } from "@hono/zod-openapi";

export const PingSchema = z
  .object({ cluster_id: z.string(), node_id: z.string(), version: z.string(), tagline: z.string() })
  .openapi("Ping");

export const SystemInfoSchema = z
  .object({
    facility: z.string(),
    codename: z.string(),
    node_id: z.string(),
    cluster_id: z.string(),
    version: z.string(),
    started_at: z.string(),
    is_processing: z.boolean(),
    hostname: z.string(),
    lifecycle: z.string(),
    lb_status: z.string(),
    timezone: z.string(),
    operating_system: z.string(),
  })
  .openapi("SystemInfo");

export const JvmInfoSchema = z
  .object({
    free_memory: z.object({ bytes: z.number(), kilobytes: z.number(), megabytes: z.number() }),
    max_memory: z.object({ bytes: z.number(), kilobytes: z.number(), megabytes: z.number() }),
    total_memory: z.object({ bytes: z.number(), kilobytes: z.number(), megabytes: z.number() }),
    used_memory: z.object({ bytes: z.number(), kilobytes: z.number(), megabytes: z.number() }),
    node_id: z.string(),
    pid: z.string(),
    info: z.string(),
  })
  .openapi("JvmInfo");

export const LocalesSchema = z
  .object({ locales: z.array(z.object({ language_tag: z.string(), display_name: z.string() })) })
  .openapi("Locales");

export const ClusterNodeSchema = z
  .object({
    cluster_id: z.string(),
    node_id: z.string(),
    type: z.literal("server"),
    is_leader: z.boolean(),
    is_master: z.boolean(),
    transport_address: z.string(),
    last_seen: z.string(),
    short_node_id: z.string(),
    hostname: z.string(),
  })
  .openapi("ClusterNode");

export const ClusterNodesSchema = z
  .object({ nodes: z.array(ClusterNodeSchema), total: z.number().int() })
  .openapi("ClusterNodes");

export type Ping = z.infer<typeof PingSchema>;
export type SystemInfo = z.infer<typeof SystemInfoSchema>;
export type JvmInfo = z.infer<typeof JvmInfoSchema>;
export type ClusterNode = z.infer<typeof ClusterNodeSchema>;
