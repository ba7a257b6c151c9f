import type { SystemStatsProbe } from "../../api/schemas/system-stats.ts";
import { fsStats } from "./fs-probe.ts";
import { networkStats } from "./network-probe.ts";
import { OsProbe } from "./os-probe.ts";
import { ProcessProbe } from "./process-probe.ts";
import { runtimeStats } from "./runtime-probe.ts";

/** The statistics of this node's process and machine (Graylog's StatsService), over the directories it writes. */
export class EmbeddedSystemStatsProbe implements SystemStatsProbe {
  private readonly osProbe = new OsProbe();
  private readonly processProbe = new ProcessProbe();
  private readonly startedAt = new Date();

  constructor(private readonly dataPaths: readonly string[]) {}

  fs() {
    return fsStats(this.dataPaths);
  }
  jvm() {
    return runtimeStats(this.startedAt);
  }
  network() {
    return networkStats();
  }
  os() {
    return this.osProbe.read();
  }
  process() {
    return this.processProbe.read();
  }
}
