import { z } from "@hono/zod-openapi";

/**
 * Graylog 5.1's system statistics (`GET /system/stats` and its parts; org.graylog2.shared.system.stats): file
 * systems, the runtime ("jvm"), network, operating system and process. Graylog writes -1 for a figure its probe
 * cannot read and null for an absent object or name; so does Sluice.
 */
const Long = z.number().int();

export const FilesystemSchema = z
  .object({
    path: z.string(),
    mount: z.string().nullable(),
    dev: z.string().nullable(),
    type_name: z.string().nullable(),
    sys_type_name: z.string().nullable(),
    total: Long,
    free: Long,
    available: Long,
    used: Long,
    used_percent: Long,
    inodes_total: Long,
    inodes_free: Long,
    inodes_used: Long,
    inodes_used_percent: Long,
    disk_reads: Long,
    disk_writes: Long,
    disk_read_bytes: Long,
    disk_write_bytes: Long,
    disk_queue: z.number(),
    disk_service_time: z.number(),
  })
  .openapi("Filesystem");

export const FsStatsSchema = z.object({ filesystems: z.record(z.string(), FilesystemSchema) }).openapi("FsStats");

export const JvmStatsSchema = z
  .object({
    version: z.string(),
    vm_name: z.string(),
    vm_version: z.string(),
    vm_vendor: z.string(),
    spec_name: z.string(),
    spec_version: z.string(),
    spec_vendor: z.string(),
    start_time: Long,
    mem: z.object({ heap_init: Long, heap_max: Long, non_heap_init: Long, non_heap_max: Long, direct_memory_max: Long }),
    input_arguments: z.array(z.string()),
    boot_class_path: z.string(),
    class_path: z.string(),
    system_properties: z.record(z.string(), z.string()),
    garbage_collectors: z.array(z.string()),
    memory_pools: z.array(z.string()),
  })
  .openapi("JvmStats");

export const InterfaceStatsSchema = z
  .object({
    rx_packets: Long,
    rx_errors: Long,
    rx_dropped: Long,
    rx_overruns: Long,
    rx_frame: Long,
    tx_packets: Long,
    tx_errors: Long,
    tx_dropped: Long,
    tx_overruns: Long,
    tx_carrier: Long,
    tx_collisions: Long,
    rx_bytes: Long,
    tx_bytes: Long,
  })
  .openapi("InterfaceStats");

export const NetworkStatsSchema = z
  .object({
    primary_interface: z.string().nullable(),
    interfaces: z.record(
      z.string(),
      z.object({ name: z.string(), addresses: z.array(z.string()), mac_address: z.string(), mtu: Long, interface_stats: InterfaceStatsSchema.nullable() }),
    ),
    tcp: z
      .object({
        active_opens: Long,
        passive_opens: Long,
        attempt_fails: Long,
        estab_resets: Long,
        curr_estab: Long,
        in_segs: Long,
        out_segs: Long,
        retrans_segs: Long,
        in_errs: Long,
        out_rsts: Long,
      })
      .nullable(),
  })
  .openapi("NetworkStats");

export const OsStatsSchema = z
  .object({
    load_average: z.array(z.number()),
    uptime: Long,
    processor: z.object({
      model: z.string(),
      vendor: z.string(),
      mhz: Long,
      total_cores: Long,
      total_sockets: Long,
      cores_per_socket: Long,
      cache_size: Long,
      sys: Long,
      user: Long,
      idle: Long,
      stolen: Long,
    }),
    memory: z.object({ total: Long, free: Long, free_percent: Long, used: Long, used_percent: Long, actual_free: Long, actual_used: Long }),
    swap: z.object({ total: Long, free: Long, used: Long }),
  })
  .openapi("OsStats");

export const ProcessStatsSchema = z
  .object({
    pid: Long,
    open_file_descriptors: Long,
    max_file_descriptors: Long,
    cpu: z.object({ percent: Long, sys: Long, user: Long, total: Long }).nullable(),
    memory: z.object({ total_virtual: Long, resident: Long, share: Long }).nullable(),
  })
  .openapi("ProcessStats");

export const SystemStatsSchema = z
  .object({ fs: FsStatsSchema, jvm: JvmStatsSchema, network: NetworkStatsSchema, os: OsStatsSchema, process: ProcessStatsSchema })
  .openapi("SystemStats");

/** Guava's ServiceManager startup times as Graylog writes them: `"<Service> [STATE]"` → milliseconds it took to start. */
export const ServiceManagerStatusSchema = z.record(z.string(), Long).openapi("ServiceManagerStatus");

/** `GET /system/searchVersion/satisfiesVersion/{distribution}`: whether the search backend is that distribution in that range. */
export const SatisfiesVersionSchema = z.object({ satisfied: z.boolean(), errorMessage: z.string() }).openapi("SatisfiesVersionResponse");

export type FsStats = z.infer<typeof FsStatsSchema>;
export type Filesystem = z.infer<typeof FilesystemSchema>;
export type JvmStats = z.infer<typeof JvmStatsSchema>;
export type NetworkStats = z.infer<typeof NetworkStatsSchema>;
export type OsStats = z.infer<typeof OsStatsSchema>;
export type ProcessStats = z.infer<typeof ProcessStatsSchema>;
export type SystemStats = z.infer<typeof SystemStatsSchema>;
export type ServiceManagerStatus = z.infer<typeof ServiceManagerStatusSchema>;

/** The statistics of this node's process and machine (embedded backend: read from Deno and /proc). */
export interface SystemStatsProbe {
  fs(): Promise<FsStats>;
  jvm(): JvmStats;
  network(): Promise<NetworkStats>;
  os(): Promise<OsStats>;
  process(): Promise<ProcessStats>;
}
