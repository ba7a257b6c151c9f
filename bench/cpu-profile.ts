/**
 * Where the main thread's time goes during a piece of work: Chromium's sampling CPU profiler (over CDP),
 * each sample's function mapped through the client build's source maps to its original file, and self time
 * summed per npm package (or per file of ours). This names the cause of a long task in the product's terms.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { moduleGroup } from "./bundle-breakdown.ts";
import { parseSourceMap, type SourceLookup, sourceAt } from "./source-map.ts";

export interface SelfTime {
  name: string;
  ms: number;
  /** Of the busy (non-idle) time. */
  share: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Runs `work` under the profiler and returns the busiest sources, largest first. */
export async function profileSelfTime<T>(
  page: Page,
  distDir: string,
  work: () => Promise<T>,
): Promise<{ value: T; busyMs: number; top: SelfTime[] }> {
  const session = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 250 });
  await session.send("Profiler.start");
  const value = await work();
  const { profile } = await session.send("Profiler.stop");
  await session.detach();
  const nodes = new Map<number, ProfileNode>(profile.nodes.map((node: ProfileNode) => [node.id, node]));
  const maps = new Map<string, SourceLookup | null>();
  const byGroup = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = nodes.get(samples[i])?.callFrame;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (!frame || frame.functionName === "(idle)") continue;
    busy += ms;
    const name = groupOf(frame, distDir, maps);
    byGroup.set(name, (byGroup.get(name) ?? 0) + ms);
  }
  const top = [...byGroup.entries()]
    .map(([name, ms]) => ({ name, ms, share: busy > 0 ? ms / busy : 0 }))
    .sort((a, b) => b.ms - a.ms);
  return { value, busyMs: busy, top };
}

function groupOf(frame: ProfileNode["callFrame"], distDir: string, maps: Map<string, SourceLookup | null>): string {
  if (frame.url === "") return frame.functionName; // (program), (garbage collector), native
  const file = frame.url.slice(frame.url.lastIndexOf("/") + 1).split("?")[0];
  if (!maps.has(file)) {
    const path = `${distDir}/assets/${file}.map`;
    maps.set(file, existsSync(path) ? parseSourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
  }
  const lookup = maps.get(file);
  const source = lookup ? sourceAt(lookup, frame.lineNumber, frame.columnNumber) : null;
  if (!source) return `${file} (unmapped)`;
  // Our own code by file (names the component), libraries by package.
  return source.includes("node_modules/") ? moduleGroup(source) : source.replace(/^(\.\.\/)+(work\/main\/)?/, "");
}
