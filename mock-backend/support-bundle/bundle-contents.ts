import type { SystemStore } from "../../api/schemas/backend.ts";
import type { ClusterStatsSource } from "../../api/schemas/cluster-stats.ts";
import type { LoggingBackend } from "../../api/schemas/logging.ts";
import { metricRegistryDump } from "../../api/schemas/metric-dump.ts";
import type { BundleContents } from "./support-bundle-store.ts";

export interface BundleSources {
  system: SystemStore;
  logging: LoggingBackend;
  clusterStats: ClusterStatsSource;
}

const LOG_LINES = 5000;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * What a support bundle holds, as Graylog 5.1's does: a manifest, then per node its system overview, JVM, the
 * metric registry, thread and process-buffer dumps, installed plugins and the server log; and the cluster's
 * nodes and search database statistics.
 */
export function bundleContents({ system, logging, clusterStats }: BundleSources): BundleContents {
  return async () => {
    const info = await system.info();
    const node = info.node_id;
    const [jvm, names, threadDump, processBufferDump, nodes, searchDb] = await Promise.all([
      system.jvm(),
      system.metricNames(),
      system.threadDump(),
      system.processBufferDump(),
      system.nodes(),
      clusterStats.elasticsearch(),
    ]);
    const serverLog = logging.recent(LOG_LINES)
      .map((line) => `${line.timestamp} ${line.level.padEnd(5)} [${line.logger_name}] ${line.message}`)
      .join("\n");
    const files: Record<string, string> = {
      [`${node}/system.json`]: json(info),
      [`${node}/jvm.json`]: json(jvm),
      [`${node}/metrics.json`]: json(metricRegistryDump(await system.metrics(names))),
      [`${node}/thread-dump.txt`]: threadDump,
      [`${node}/process-buffer-dump.json`]: json(processBufferDump),
      [`${node}/installed-plugins.json`]: json({ plugins: [], total: 0 }),
      [`${node}/logs/server.log`]: serverLog === "" ? "" : `${serverLog}\n`,
      "cluster/nodes.json": json({ nodes, total: nodes.length }),
      "cluster/search-db-stats.json": json(searchDb),
    };
    return { "manifest.json": json({ created_at: new Date().toISOString(), version: info.version, nodes: [node], entries: Object.keys(files) }), ...files };
  };
}
