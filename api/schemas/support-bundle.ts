import { z } from "@hono/zod-openapi";

/** A support bundle file as Graylog 5.1 lists it (BundleFile). */
export const BundleFileSchema = z.object({ file_name: z.string(), size: z.number().int() }).openapi("BundleFile");
export const BundleFilesSchema = z.array(BundleFileSchema).openapi("BundleFiles");

/** A bundle's file name as the store writes it; anything else (paths, other extensions) is refused. */
export const BundleFileNameSchema = z
  .string()
  .max(200, "filename must be at most 200 characters")
  .regex(/^[A-Za-z0-9_.-]+\.zip$/, "filename must be a support bundle's .zip file name");

export type BundleFile = z.infer<typeof BundleFileSchema>;

/** The prefix of every bundle's file name, Graylog's. */
export const SUPPORT_BUNDLE_PREFIX = "graylog_support_bundle";

/**
 * Support bundles of this node: a zip of what support asks for (the server log, the node's system overview, JVM,
 * metrics, thread and process-buffer dumps, installed plugins, the cluster and search database stats).
 */
export interface SupportBundleStore {
  /** Newest first. */
  list(): Promise<BundleFile[]>;
  build(): Promise<BundleFile>;
  /** The zip's bytes, or null when there is no such bundle. */
  read(fileName: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** False when there was no such bundle. */
  delete(fileName: string): Promise<boolean>;
}
