import { existsSync, readFileSync, writeFileSync } from "node:fs";

const RESULTS = new URL("./RESULTS.md", import.meta.url).pathname;

/**
 * Replaces this benchmark's section of bench/RESULTS.md (other benchmarks keep theirs), stamped with the
 * date and machine, as a Markdown table.
 */
export async function writeResults(section: string, header: string[], rows: string[][], note: string): Promise<void> {
  const existing = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "# Benchmark results\n\nWritten by the bench tasks; figures from the last run on the machine named.\n";
  const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => "")).match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
  const body = [
    `## ${section}`,
    "",
    `${new Date().toISOString().slice(0, 16)}Z, ${navigator.hardwareConcurrency} cores (${cpu}), Deno ${Deno.version.deno}. ${note}`,
    "",
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
    "",
  ].join("\n");
  const pattern = new RegExp(`## ${section.replace(/[()]/g, "\\$&")}\\n[\\s\\S]*?(?=\\n## |$)`);
  const next = pattern.test(existing) ? existing.replace(pattern, body) : `${existing.trimEnd()}\n\n${body}`;
  writeFileSync(RESULTS, next.endsWith("\n") ? next : `${next}\n`);
}
