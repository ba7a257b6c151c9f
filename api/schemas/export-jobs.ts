import { z } from "@hono/zod-openapi";
import { ExecutionStateSchema, SortOrderSchema } from "./search.ts";
import { ExportRequestSchema } from "./search-support.ts";

/** Graylog's export defaults when a request names no fields. */
export const DEFAULT_EXPORT_FIELDS = ["timestamp", "source", "message"];

const TimeZoneSchema = z
  .string()
  .max(100)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, { message: "time_zone must be a time zone name such as Europe/Berlin or UTC" })
  .describe("Accepted for Graylog compatibility; timestamps are written in UTC with a Z suffix whatever the zone.");

const ExportSortSchema = z.array(z.object({ field: z.string().min(1).max(300), order: SortOrderSchema }).strict()).max(20);

/** POST /views/search/messages (and an export job of it): Graylog's `MessagesRequest`. */
export const MessagesRequestSchema = ExportRequestSchema
  .extend({
    fields_in_order: z.array(z.string().min(1).max(300)).min(1, "fields_in_order must name at least one field").max(500)
      .default(DEFAULT_EXPORT_FIELDS),
    chunk_size: z.number().int().min(1, "chunk_size must be positive").max(100_000).optional(),
    time_zone: TimeZoneSchema.optional(),
  })
  .strict()
  .openapi("MessagesRequest");

/** Overrides of an export of a stored search or one of its message tables: Graylog's `ResultFormat`. */
export const ResultFormatSchema = z
  .object({
    fields_in_order: z.array(z.string().min(1).max(300)).max(500).default([]),
    sort: ExportSortSchema.default([]),
    limit: z.number().int().min(1, "limit must be positive").max(10_000_000).nullish(),
    execution_state: ExecutionStateSchema.optional(),
    time_zone: TimeZoneSchema.optional(),
    filename: z.string().max(255).optional(),
  })
  .strict()
  .openapi("ResultFormat");

/** What an export job exports: a free message request, a stored search, or one message table of it. */
export const ExportJobSpecSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("messages"), request: MessagesRequestSchema }),
  z.object({ type: z.literal("search"), search_id: z.string(), result_format: ResultFormatSchema }),
  z.object({ type: z.literal("search_type"), search_id: z.string(), search_type_id: z.string(), result_format: ResultFormatSchema }),
]);

/** The export job's id, as Graylog answers it: a JSON string. */
export const ExportJobIdSchema = z.string().regex(/^[0-9a-f]{24}$/).openapi("ExportJobId");

export type MessagesRequest = z.infer<typeof MessagesRequestSchema>;
export type ResultFormat = z.infer<typeof ResultFormatSchema>;
export type ExportJobSpec = z.infer<typeof ExportJobSpecSchema>;

export interface ExportJob {
  id: string;
  owner: string;
  created_at: string;
  spec: ExportJobSpec;
}

/** How long an export job may be downloaded after it was created (Graylog's jobs expire too). */
export const EXPORT_JOB_LIFETIME_MS = 60 * 60 * 1000;

/** Export jobs: created by one call, downloaded by another (an anchor click) until they expire. */
export interface ExportJobStore {
  create(owner: string, spec: ExportJobSpec): Promise<ExportJob>;
  /** The job while it has not expired; null otherwise. */
  get(id: string, now?: number): Promise<ExportJob | null>;
}
