import type { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { createApiRouter } from "../router.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";
import { FsStatsSchema, JvmStatsSchema, NetworkStatsSchema, OsStatsSchema, ProcessStatsSchema, SystemStatsSchema } from "../schemas/system-stats.ts";

const statsRoute = (path: string, schema: z.ZodType, summary: string) =>
  secureRoute(AUTHENTICATED, { method: "get", path, tags: ["System/Stats"], summary, responses: { 200: jsonContent(schema, summary) } });

const all = statsRoute("/system/stats", SystemStatsSchema, "All system statistics of this node (file systems, runtime, network, OS, process)");
const fs = statsRoute("/system/stats/fs", FsStatsSchema, "File systems of the directories this node writes");
const jvm = statsRoute("/system/stats/jvm", JvmStatsSchema, "The runtime (Deno/V8 in Graylog's JvmStats shape)");
const network = statsRoute("/system/stats/network", NetworkStatsSchema, "Network interfaces and TCP counters of this machine");
const os = statsRoute("/system/stats/os", OsStatsSchema, "Load, uptime, processor, memory and swap of this machine");
const process = statsRoute("/system/stats/process", ProcessStatsSchema, "This node's process: descriptors, CPU and memory");

/** Graylog 5.1's `/system/stats` calls with the real figures of this process and machine (spec 002 §7 "Other"). */
export function statsApi() {
  return createApiRouter()
    .openapi(all, async (c) => {
      const probe = c.get("backend").systemStats;
      const [fsStats, networkStats, osStats, processStats] = await Promise.all([probe.fs(), probe.network(), probe.os(), probe.process()]);
      return c.json({ fs: fsStats, jvm: probe.jvm(), network: networkStats, os: osStats, process: processStats }, 200);
    })
    .openapi(fs, async (c) => c.json(await c.get("backend").systemStats.fs(), 200))
    .openapi(jvm, (c) => c.json(c.get("backend").systemStats.jvm(), 200))
    .openapi(network, async (c) => c.json(await c.get("backend").systemStats.network(), 200))
    .openapi(os, async (c) => c.json(await c.get("backend").systemStats.os(), 200))
    .openapi(process, async (c) => c.json(await c.get("backend").systemStats.process(), 200));
}
