import { getHeapSpaceStatistics, getHeapStatistics } from "node:v8";
import type { JvmStats } from "../../api/schemas/system-stats.ts";

/**
 * The runtime's statistics in Graylog's `JvmStats` shape. Sluice runs on Deno's V8, not a JVM: the version and VM
 * fields name Deno and V8, the memory pools are V8's heap spaces, the garbage collectors V8's two. A JVM's class
 * paths and non-heap sizes have no counterpart: empty strings and -1 (Graylog's "not available").
 */
export function runtimeStats(startedAt: Date): JvmStats {
  const heap = getHeapStatistics();
  return {
    version: Deno.version.deno,
    vm_name: "V8",
    vm_version: Deno.version.v8,
    vm_vendor: "Deno",
    spec_name: "ECMAScript Language Specification",
    spec_version: "ECMA-262",
    spec_vendor: "Ecma International",
    start_time: startedAt.getTime(),
    mem: { heap_init: -1, heap_max: heap.heap_size_limit, non_heap_init: -1, non_heap_max: -1, direct_memory_max: -1 },
    input_arguments: [...Deno.args],
    boot_class_path: "",
    class_path: "",
    system_properties: {
      "deno.version": Deno.version.deno,
      "v8.version": Deno.version.v8,
      "typescript.version": Deno.version.typescript,
      "os.name": Deno.build.os,
      "os.arch": Deno.build.arch,
      "runtime.executable": Deno.execPath(),
    },
    garbage_collectors: ["Scavenge", "Mark-Compact"],
    memory_pools: getHeapSpaceStatistics().map((space) => space.space_name),
  };
}
