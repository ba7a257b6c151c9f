import { hostname, type as osType, release } from "node:os";
import type { SystemStore } from "../api/schemas/backend.ts";
import type { SystemNotification } from "../api/schemas/notifications.ts";
import type { ClusterNode, JvmInfo, SystemInfo } from "../api/schemas/system.ts";
import { PRODUCT_VERSION } from "../shared/product.ts";
import type { Database } from "./database.ts";
import type { MetricRegistry } from "./metric-registry.ts";
import { KeywordParseError, parseKeyword } from "./search/keyword-timerange.ts";

export interface ClusterIdentity {
  clusterId: string;
  nodeId: string;
}

/** The steps a message passes now, in order (the ingest chain's, as the message processors configuration orders them). */
export type IngestSteps = () => readonly string[];

/** The single embedded node: its identity, runtime, metrics and system notifications. */
export class EmbeddedSystemStore implements SystemStore {
  private readonly startedAt = new Date();

  constructor(
    private readonly db: Database,
    private readonly identity: ClusterIdentity,
    private readonly registry: MetricRegistry,
    private readonly ingestSteps: IngestSteps = () => [],
    private readonly isProcessing: () => boolean = () => true,
  ) {}

  info(): Promise<SystemInfo> {
    return Promise.resolve({
      facility: "sluice-server",
      codename: "Embedded",
      node_id: this.identity.nodeId,
      cluster_id: this.identity.clusterId,
      version: PRODUCT_VERSION,
      started_at: this.startedAt.toISOString(),
      is_processing: this.isProcessing(),
      hostname: hostname(),
      lifecycle: this.isProcessing() ? "running" : "paused",
      lb_status: "alive",
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      operating_system: `${osType()} ${release()}`,
    });
  }

  jvm(): Promise<JvmInfo> {
    const memory = Deno.memoryUsage();
    const size = (bytes: number) => ({ bytes, kilobytes: Math.floor(bytes / 1024), megabytes: Math.floor(bytes / 1048576) });
    return Promise.resolve({
      free_memory: size(memory.heapTotal - memory.heapUsed),
      max_memory: size(memory.rss),
      total_memory: size(memory.heapTotal),
      used_memory: size(memory.heapUsed),
      node_id: this.identity.nodeId,
      pid: String(Deno.pid),
      info: `Deno ${Deno.version.deno} (V8 ${Deno.version.v8}, TypeScript ${Deno.version.typescript}) on ${Deno.build.os}/${Deno.build.arch}`,
    });
  }

  nodes(): Promise<ClusterNode[]> {
    return Promise.resolve([{
      cluster_id: this.identity.clusterId,
      node_id: this.identity.nodeId,
      type: "server",
      is_leader: true,
      is_master: true,
      transport_address: "embedded",
      last_seen: new Date().toISOString(),
      short_node_id: this.identity.nodeId.slice(0, 8),
      hostname: hostname(),
    }]);
  }

  metrics(names: readonly string[]) {
    return Promise.resolve(this.registry.read(names));
  }

  metricNames(): Promise<string[]> {
    return Promise.resolve(this.registry.names());
  }

  requestAnswered(durationMicros: number): void {
    this.registry.requestAnswered(durationMicros);
  }

  async threadDump(): Promise<string> {
    const [{ threads }] = await this.db.all<{ threads: bigint }>("SELECT current_setting('threads') AS threads");
    const memory = Deno.memoryUsage();
    const stack = (new Error().stack ?? "").split("\n").slice(1).map((line) => `\t${line.trim()}`).join("\n");
    return [
      `Thread dump of ${hostname()} (pid ${Deno.pid}), ${new Date().toISOString()}`,
      `Deno ${Deno.version.deno}, V8 ${Deno.version.v8}; up since ${this.startedAt.toISOString()}`,
      "",
      `"main" JavaScript isolate: RUNNABLE (answers every request, runs ingest, search and schedulers in turn)`,
      `\theap used ${memory.heapUsed} of ${memory.heapTotal} bytes; resident ${memory.rss} bytes`,
      stack,
      "",
      `"duckdb" worker threads: ${threads} (queries and writes of the message store; they work only while a statement runs)`,
    ].join("\n");
  }

  processBufferDump(): Promise<Record<string, string>> {
    const steps = this.ingestSteps();
    return Promise.resolve({
      "ProcessBufferProcessor #0": `passes each batch through the ingest chain on the main JavaScript thread: ${steps.join(" → ")}`,
      ...Object.fromEntries(steps.map((step, position) => [`step ${position + 1}`, step])),
    });
  }

  async notifications(): Promise<SystemNotification[]> {
    const rows = await this.db.all<{ type: string; key: string; severity: "normal" | "urgent"; timestamp: Date; details: string }>(
      "SELECT * FROM notifications ORDER BY timestamp DESC",
    );
    return rows.map((row) => ({
      type: row.type,
      key: row.key || null,
      severity: row.severity,
      timestamp: row.timestamp.toISOString(),
      node_id: this.identity.nodeId,
      details: JSON.parse(row.details),
    }));
  }

  async deleteNotification(type: string, key?: string): Promise<boolean> {
    const rows = await this.db.write<{ n: bigint }>(
      "DELETE FROM notifications WHERE type = ? AND key = ? RETURNING 1 AS n",
      [type, key ?? ""],
    );
    return rows.length > 0;
  }

  naturalDate(keyword: string, timezone: string) {
    try {
      const { from, to } = parseKeyword(keyword, new Date(), timezone);
      return Promise.resolve({ from: from.toISOString(), to: to.toISOString(), timezone });
    } catch (error) {
      if (error instanceof KeywordParseError) return Promise.resolve({ error: error.message });
      throw error;
    }
  }
}
