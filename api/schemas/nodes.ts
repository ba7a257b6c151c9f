import { z } from "@hono/zod-openapi";
import { JvmInfoSchema, SystemInfoSchema } from "./system.ts";

/** `GET /system/threaddump`: the node's threads and where they are, as text. */
export const ThreadDumpSchema = z.object({ threaddump: z.string() }).openapi("ThreadDump");

/** `GET /system/processbufferdump`: what each process-buffer processor is doing, by processor name. */
export const ProcessBufferDumpSchema = z
  .object({ processbuffer_dump: z.record(z.string(), z.string()) })
  .openapi("ProcessBufferDump");

const BufferUtilizationSchema = z.object({ utilization_percent: z.number(), utilization: z.number().int() });

/** `GET /system/buffers`: how full the input, process and output buffers are. */
export const BuffersSchema = z
  .object({ buffers: z.object({ input: BufferUtilizationSchema, process: BufferUtilizationSchema, output: BufferUtilizationSchema }) })
  .openapi("Buffers");

/** `GET /system/throughput`: messages written in the last second. */
export const ThroughputSchema = z.object({ throughput: z.number() }).openapi("Throughput");

/** `GET /cluster`: every node's system information, by node id. */
export const ClusterSystemSchema = z.record(z.string(), SystemInfoSchema).openapi("ClusterSystem");

/** `GET /cluster/jvm`: every node's runtime information, by node id. */
export const ClusterJvmSchema = z.record(z.string(), JvmInfoSchema).openapi("ClusterJvm");

/** The node id of the cluster calls that name one node. */
export const NodeParams = z.object({
  nodeId: z.string().min(1).max(100).regex(/^[A-Za-z0-9-]+$/, "nodeId must be a node id"),
});

export type ThreadDump = z.infer<typeof ThreadDumpSchema>;
export type Buffers = z.infer<typeof BuffersSchema>;
