import { z } from "@hono/zod-openapi";

/** Extractors of an input (spec 002 §3, §7; Graylog 5.1 `/system/inputs/{inputId}/extractors`). */

export const EXTRACTOR_TYPES = [
  "copy_input",
  "grok",
  "json",
  "regex",
  "regex_replace",
  "split_and_index",
  "substring",
  "lookup_table",
] as const;
export type ExtractorType = (typeof EXTRACTOR_TYPES)[number];

export const CONVERTER_TYPES = [
  "numeric",
  "date",
  "hash",
  "split_and_count",
  "ip_anonymizer",
  "syslog_pri_level",
  "syslog_pri_facility",
  "tokenizer",
  "csv",
  "lowercase",
  "uppercase",
  "flexdate",
  "lookup_table",
] as const;
export type ConverterType = (typeof CONVERTER_TYPES)[number];

export const CONDITION_TYPES = ["none", "string", "regex"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const CURSOR_STRATEGIES = ["copy", "cut"] as const;

const ConfigSchema = z.record(z.string().max(200), z.unknown());

/** A converter of an extractor as it is read back (Graylog's converter summary). */
export const ConverterSummarySchema = z.object({ type: z.enum(CONVERTER_TYPES), config: ConfigSchema }).openapi("ExtractorConverter");

/** An extractor (Graylog's `ExtractorSummary`). */
export const ExtractorSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    type: z.enum(EXTRACTOR_TYPES),
    converters: z.array(ConverterSummarySchema),
    order: z.number().int(),
    exceptions: z.number().int(),
    converter_exceptions: z.number().int(),
    metrics: z.object({ condition_hits: z.number().int(), condition_misses: z.number().int() }),
    cursor_strategy: z.enum(CURSOR_STRATEGIES),
    source_field: z.string(),
    target_field: z.string(),
    extractor_config: ConfigSchema,
    creator_user_id: z.string(),
    condition_type: z.enum(CONDITION_TYPES),
    condition_value: z.string(),
  })
  .openapi("ExtractorSummary");
export type ExtractorSummary = z.infer<typeof ExtractorSummarySchema>;

/** GET /system/inputs/{inputId}/extractors (Graylog's `ExtractorSummaryList`). */
export const ExtractorSummaryListSchema = z
  .object({ extractors: z.array(ExtractorSummarySchema), total: z.number().int() })
  .openapi("ExtractorSummaryList");

const fieldName = (name: string) =>
  z.string({ message: `${name} is required` }).max(200, `${name} must be at most 200 characters`);

/** POST and PUT bodies (Graylog's `CreateExtractorRequest`): converters by type → their config. */
export const CreateExtractorRequestSchema = z
  .object({
    title: z.string({ message: "title is required" }).trim().min(1, "title must not be empty").max(200, "title must be at most 200 characters"),
    cut_or_copy: z.enum(CURSOR_STRATEGIES, { message: "cut_or_copy must be copy or cut" }).default("copy"),
    source_field: fieldName("source_field").min(1, "source_field must not be empty"),
    target_field: fieldName("target_field").default(""),
    extractor_type: z.enum(EXTRACTOR_TYPES, { message: `extractor_type must be one of ${EXTRACTOR_TYPES.join(", ")}` }),
    extractor_config: ConfigSchema.default({}),
    converters: z.partialRecord(z.enum(CONVERTER_TYPES, { message: `converters must be keyed by one of ${CONVERTER_TYPES.join(", ")}` }), ConfigSchema)
      .default({}),
    condition_type: z.enum(CONDITION_TYPES, { message: "condition_type must be none, string or regex" }).default("none"),
    condition_value: z.string().max(10_000, "condition_value must be at most 10000 characters").default(""),
    order: z.number().int().min(0).default(0),
  })
  .strict()
  .openapi("CreateExtractorRequest");
export type CreateExtractorRequest = z.infer<typeof CreateExtractorRequestSchema>;

/** POST answer (Graylog's `CreateExtractorResponse`). */
export const ExtractorCreatedSchema = z.object({ extractor_id: z.string() }).openapi("ExtractorCreated");

/** POST /system/inputs/{inputId}/extractors/order: position → extractor id. */
export const OrderExtractorsRequestSchema = z
  .object({ order: z.record(z.string().regex(/^\d+$/, "order keys must be positions"), z.string().max(100)) })
  .strict()
  .openapi("OrderExtractorsRequest");

/**
 * The extractors of each input. Writes throw EntityValidationError with the text the user sees (a configuration
 * value missing, a regex that does not compile, a type not available).
 */
export interface ExtractorStore {
  /** Null when there is no such input. */
  list(inputId: string): Promise<ExtractorSummary[] | null>;
  get(inputId: string, extractorId: string): Promise<ExtractorSummary | null>;
  /** Null when there is no such input. */
  create(inputId: string, request: CreateExtractorRequest, creatorUserId: string): Promise<ExtractorSummary | null>;
  update(inputId: string, extractorId: string, request: CreateExtractorRequest): Promise<ExtractorSummary | null>;
  delete(inputId: string, extractorId: string): Promise<boolean>;
  /** Sets the order of the input's extractors (positions → ids); false when there is no such input. */
  reorder(inputId: string, order: Record<string, string>): Promise<boolean>;
}
