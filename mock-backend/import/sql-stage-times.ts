import process from "node:process";

/**
 * Wall and process CPU time of each stage of one SQL import, printed to stderr when SLUICE_IMPORT_STAGES is set
 * (bench/RESULTS.md "Seventh round"): CPU ÷ wall per stage shows how many cores a stage keeps busy, so the stretches
 * where one core works alone can be found. Costs nothing when unset.
 */
export class StageTimes {
  private readonly on = Deno.env.get("SLUICE_IMPORT_STAGES") !== undefined;
  private wall = performance.now();
  private cpu = process.cpuUsage();

  /** Ends the stage `name` (begun where the previous one ended) and prints its times. */
  mark(name: string): void {
    if (!this.on) return;
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const wallMs = wall - this.wall;
    const cpuMs = (cpu.user - this.cpu.user + cpu.system - this.cpu.system) / 1000;
    console.error(
      `stage ${name}: wall ${wallMs.toFixed(0)} ms, cpu ${cpuMs.toFixed(0)} ms, cores ${
        (cpuMs / Math.max(wallMs, 1)).toFixed(2)
      }`,
    );
    this.wall = wall;
    this.cpu = cpu;
  }
}
