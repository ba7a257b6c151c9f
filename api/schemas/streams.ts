import { z } from "@hono/zod-openapi";
import { type EntityPage, type PageRequest, paginatedListSchema } from "./paginated.ts";

/** Streams (spec 002 §7 'Streams'; Graylog 5.1 `/streams` and `/streams/{streamid}/rules`). */

/** Graylog's stream rule types under the numbers its API uses (`StreamRuleType`). */
export const STREAM_RULE_TYPES = {
  exact: 1,
  regex: 2,
  greater: 3,
  smaller: 4,
  presence: 5,
  contains: 6,
  always_match: 7,
  match_input: 8,
} as const;
export type StreamRuleType = keyof typeof STREAM_RULE_TYPES;
export type StreamRuleTypeCode = (typeof STREAM_RULE_TYPES)[StreamRuleType];
export const STREAM_RULE_TYPE_CODES = Object.values(STREAM_RULE_TYPES) as StreamRuleTypeCode[];

/** The rule type of a number, or undefined when Graylog has none under it. */
export function streamRuleTypeOf(code: number): StreamRuleType | undefined {
  return (Object.keys(STREAM_RULE_TYPES) as StreamRuleType[]).find((type) => STREAM_RULE_TYPES[type] === code);
}

/** Rule types that compare the field with `value`: they need one. */
export const RULE_TYPES_WITH_VALUE: ReadonlySet<StreamRuleType> = new Set(["exact", "regex", "greater", "smaller", "contains", "match_input"]);
/** Rule types that read no field. */
export const RULE_TYPES_WITHOUT_FIELD: ReadonlySet<StreamRuleType> = new Set(["always_match", "match_input"]);

export const MATCHING_TYPES = ["AND", "OR"] as const;
export type MatchingType = (typeof MATCHING_TYPES)[number];

/** A stream rule (Graylog's `StreamRuleImpl`). */
export const StreamRuleSchema = z
  .object({
    id: z.string(),
    stream_id: z.string(),
    field: z.string(),
    type: z.number().int(),
    value: z.string(),
    inverted: z.boolean(),
    description: z.string(),
  })
  .openapi("StreamRule");
export type StreamRule = z.infer<typeof StreamRuleSchema>;

/** A stream as Graylog 5.1 writes it (`StreamImpl`): what it routes, where it stores, who made it. */
export const StreamSchema = z
  .object({
    id: z.string(),
    creator_user_id: z.string(),
    outputs: z.array(z.object({ id: z.string(), title: z.string(), type: z.string() })),
    matching_type: z.enum(MATCHING_TYPES),
    description: z.string(),
    created_at: z.string(),
    disabled: z.boolean(),
    rules: z.array(StreamRuleSchema),
    alert_conditions: z.array(z.unknown()),
    alert_receivers: z.object({ emails: z.array(z.string()), users: z.array(z.string()) }),
    title: z.string(),
    content_pack: z.string().nullable(),
    remove_matches_from_default_stream: z.boolean(),
    index_set_id: z.string(),
    is_default: z.boolean(),
    is_editable: z.boolean(),
  })
  .openapi("Stream");
export type Stream = z.infer<typeof StreamSchema>;

/** A stream as the search page's streams selector and message details need it. */
export type StreamSummary = Pick<Stream, "id" | "title" | "description" | "is_default" | "disabled">;

/** GET /streams and GET /streams/enabled (Graylog's `StreamListResponse`). */
export const StreamsListSchema = z
  .object({ total: z.number().int(), streams: z.array(StreamSchema) })
  .openapi("StreamsList");
export type StreamsList = z.infer<typeof StreamsListSchema>;

export const STREAM_SORT_FIELDS = ["title", "description", "created_at", "disabled"] as const;
export type StreamSortField = (typeof STREAM_SORT_FIELDS)[number];

/** GET /streams/paginated: the streams under `elements` (spec 002 §7). */
export const StreamPageSchema = paginatedListSchema("elements", StreamSchema).openapi("StreamPage");
export type StreamPage = z.infer<typeof StreamPageSchema>;

const ruleFields = {
  field: z.string({ message: "field must be a string" }).max(200, "field must be at most 200 characters").default(""),
  type: z.number({ message: `type must be one of ${STREAM_RULE_TYPE_CODES.join(", ")}` }).int()
    .refine((code) => streamRuleTypeOf(code) !== undefined, `type must be one of ${STREAM_RULE_TYPE_CODES.join(", ")}`),
  value: z.string({ message: "value must be a string" }).max(1000, "value must be at most 1000 characters").default(""),
  inverted: z.boolean({ message: "inverted must be true or false" }).default(false),
  description: z.string({ message: "description must be a string" }).max(1000, "description must be at most 1000 characters")
    .nullish().transform((text) => text ?? ""),
};

/** What each rule type needs: a field, a value, a value that is a number or compiles as a regular expression. */
function checkRule(rule: { field: string; type: number; value: string }, context: z.RefinementCtx): void {
  const type = streamRuleTypeOf(rule.type);
  if (!type) return;
  if (!RULE_TYPES_WITHOUT_FIELD.has(type) && rule.field.trim() === "") {
    context.addIssue({ code: "custom", path: ["field"], message: "field is required for this rule type" });
  }
  if (RULE_TYPES_WITH_VALUE.has(type) && rule.value === "") {
    context.addIssue({ code: "custom", path: ["value"], message: "value is required for this rule type" });
  } else if ((type === "greater" || type === "smaller") && !Number.isFinite(Number(rule.value))) {
    context.addIssue({ code: "custom", path: ["value"], message: "value must be a number for this rule type" });
  } else if (type === "regex") {
    try {
      new RegExp(rule.value, "u");
    } catch {
      context.addIssue({ code: "custom", path: ["value"], message: "value must be a valid regular expression" });
    }
  }
}

/** POST/PUT /streams/{streamid}/rules (Graylog's `CreateStreamRuleRequest`). */
export const StreamRuleBodySchema = z.object(ruleFields).strict().superRefine(checkRule).openapi("StreamRuleBody");
export type StreamRuleBody = z.infer<typeof StreamRuleBodySchema>;

const TitleSchema = z.string({ message: "title is required" }).trim().min(1, "title must not be empty")
  .max(250, "title must be at most 250 characters");
const DescriptionSchema = z.string({ message: "description must be a string" })
  .max(1000, "description must be at most 1000 characters").nullish();
const IndexSetIdSchema = z.string({ message: "index_set_id must be a string" }).min(1, "index_set_id must not be empty")
  .max(100, "index_set_id must be at most 100 characters");
const MatchingTypeSchema = z.enum(MATCHING_TYPES, { message: "matching_type must be AND or OR" });
const RemoveMatchesSchema = z.boolean({ message: "remove_matches_from_default_stream must be true or false" });

/** POST /streams (Graylog's `CreateStreamRequest`); the stream starts paused, as in Graylog. */
export const CreateStreamRequestSchema = z
  .object({
    title: TitleSchema,
    description: DescriptionSchema,
    rules: z.array(StreamRuleBodySchema, { message: "rules must be a list of stream rules" }).max(100, "rules must hold at most 100 rules")
      .nullish(),
    content_pack: z.string().max(200).nullish(),
    matching_type: MatchingTypeSchema.default("AND"),
    remove_matches_from_default_stream: RemoveMatchesSchema.default(false),
    /** Absent: the default index set. */
    index_set_id: IndexSetIdSchema.nullish(),
  })
  .strict()
  .openapi("CreateStreamRequest");
export type CreateStreamRequest = z.infer<typeof CreateStreamRequestSchema>;

/** PUT /streams/{streamId} (Graylog's `UpdateStreamRequest`): what is absent stays; `rules` is ignored, as in Graylog. */
export const UpdateStreamRequestSchema = z
  .object({
    title: TitleSchema.nullish(),
    description: DescriptionSchema,
    rules: z.array(z.unknown()).nullish(),
    matching_type: MatchingTypeSchema.nullish(),
    remove_matches_from_default_stream: RemoveMatchesSchema.nullish(),
    index_set_id: IndexSetIdSchema.nullish(),
  })
  .strict()
  .openapi("UpdateStreamRequest");
export type UpdateStreamRequest = z.infer<typeof UpdateStreamRequestSchema>;

/** POST /streams/{streamId}/clone (Graylog's `CloneStreamRequest`): the rules are copied, the clone starts paused. */
export const CloneStreamRequestSchema = z
  .object({
    title: TitleSchema,
    description: DescriptionSchema,
    remove_matches_from_default_stream: RemoveMatchesSchema.default(false),
    index_set_id: IndexSetIdSchema.nullish(),
  })
  .strict()
  .openapi("CloneStreamRequest");
export type CloneStreamRequest = z.infer<typeof CloneStreamRequestSchema>;

export const StreamCreatedSchema = z.object({ stream_id: z.string() }).openapi("StreamCreated");
export const StreamRuleCreatedSchema = z.object({ streamrule_id: z.string() }).openapi("StreamRuleCreated");

/** GET /streams/{streamid}/rules (Graylog's `StreamRuleListResponse`). */
export const StreamRuleListSchema = z
  .object({ total: z.number().int(), stream_rules: z.array(StreamRuleSchema) })
  .openapi("StreamRuleList");

/** The bulk calls' body (Graylog's `BulkOperationRequest`). */
export const BulkOperationRequestSchema = z
  .object({
    entity_ids: z.array(z.string().min(1).max(100), { message: "entity_ids must be a list of stream ids" })
      .min(1, "entity_ids must not be empty").max(1000, "entity_ids must hold at most 1000 ids"),
  })
  .strict()
  .openapi("BulkOperationRequest");

/** What a bulk call did (Graylog's `BulkOperationResponse`). */
export const BulkOperationResponseSchema = z
  .object({
    successfully_performed: z.number().int(),
    failures: z.array(z.object({ entity_id: z.string(), failure_explanation: z.string() })),
    errors: z.array(z.string()),
  })
  .openapi("BulkOperationResponse");
export type BulkOperationResponse = z.infer<typeof BulkOperationResponseSchema>;

/** POST /streams/{streamId}/testMatch: a message's fields, as Graylog's stream rule tester takes them. */
export const StreamTestMatchRequestSchema = z
  .object({
    message: z.record(z.string(), z.unknown(), { error: "message must be an object of fields" }),
  })
  .strict()
  .openapi("StreamTestMatchRequest");

export type StreamTestMatchRequest = z.infer<typeof StreamTestMatchRequestSchema>;

/** Graylog's stream rule types as `GET /streams/{streamid}/rules/types` lists them (`StreamRuleTypeResponse`). */
export const StreamRuleTypeInfoSchema = z
  .object({ id: z.number().int(), name: z.string(), short_desc: z.string(), long_desc: z.string() })
  .openapi("StreamRuleTypeInfo");
export type StreamRuleTypeInfo = z.infer<typeof StreamRuleTypeInfoSchema>;

/** Each rule type's name and descriptions, in Graylog's words (its `StreamRuleType` enum). */
export const STREAM_RULE_TYPE_INFO: { [T in StreamRuleType]: Omit<StreamRuleTypeInfo, "id"> } = {
  exact: { name: "EXACT", short_desc: "match exactly", long_desc: "match exactly" },
  regex: { name: "REGEX", short_desc: "match regular expression", long_desc: "match regular expression" },
  greater: { name: "GREATER", short_desc: "greater than", long_desc: "be greater than" },
  smaller: { name: "SMALLER", short_desc: "smaller than", long_desc: "be smaller than" },
  presence: { name: "PRESENCE", short_desc: "field presence", long_desc: "be present" },
  contains: { name: "CONTAINS", short_desc: "contain", long_desc: "contain" },
  always_match: { name: "ALWAYS_MATCH", short_desc: "always match", long_desc: "always match" },
  match_input: { name: "MATCH_INPUT", short_desc: "match input", long_desc: "match input" },
};

/** PUT /streams/indexSet/{indexSetId}: the ids of the streams to store in the index set (Graylog's plain list). */
export const AssignStreamsToIndexSetSchema = z
  .array(z.string({ message: "each stream id must be a string" }).min(1, "stream ids must not be empty").max(100), {
    message: "the body must be a list of stream ids",
  })
  .min(1, "the body must name at least one stream")
  .max(1000, "the body may name at most 1000 streams")
  .openapi("AssignStreamsToIndexSet");

// ── Legacy alarm callbacks and alert history ─────────────────────────────────────────────────────────────
// Graylog 5.1 migrated legacy alarm callbacks to event notifications; its old calls still answer. The embedded
// backend never had legacy callbacks or alerts, so these lists are empty and single lookups are 404.

/** Graylog's AlarmCallbackSummary. */
export const AlarmCallbackSummarySchema = z
  .object({
    id: z.string(),
    stream_id: z.string(),
    type: z.string(),
    title: z.string().nullable(),
    configuration: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    creator_user_id: z.string(),
  })
  .openapi("AlarmCallbackSummary");

/** GET /streams/{streamid}/alarmcallbacks and GET /alerts/callbacks (Graylog's AlarmCallbackListSummary). */
export const AlarmCallbackListSchema = z
  .object({ total: z.number().int(), alarmcallbacks: z.array(AlarmCallbackSummarySchema) })
  .openapi("AlarmCallbackList");

/** GET /alerts/callbacks/types and /streams/{streamid}/alarmcallbacks/available (AvailableAlarmCallbacksResponse). */
export const AvailableAlarmCallbacksSchema = z
  .object({ types: z.record(z.string(), z.unknown()) })
  .openapi("AvailableAlarmCallbacks");

/** GET /streams/{streamid}/alerts/{alertId}/history (Graylog's AlarmCallbackHistoryListSummary). */
export const AlarmCallbackHistoryListSchema = z
  .object({ total: z.number().int(), histories: z.array(z.record(z.string(), z.unknown())) })
  .openapi("AlarmCallbackHistoryList");

/** Whether the message matches the stream, and each rule's verdict by rule id (Graylog's TestMatchResponse). */
export const StreamTestMatchResponseSchema = z
  .object({
    matches: z.boolean(),
    rules: z.record(z.string(), z.boolean()),
  })
  .openapi("StreamTestMatchResponse");

export type StreamTestMatchResponse = z.infer<typeof StreamTestMatchResponseSchema>;

/**
 * The streams of a backend. Writes throw EntityValidationError (api/schemas/paginated.ts) with the text the
 * user sees (the default stream refused, an unknown index set); every change routes the next ingested message.
 */
export interface StreamStore {
  /** Every stream, the default stream first, then by title. */
  all(): Promise<Stream[]>;
  /** `readable` null: every stream. */
  page(request: PageRequest<StreamSortField>, readable: readonly string[] | null): Promise<EntityPage<Stream>>;
  get(id: string): Promise<Stream | null>;
  create(body: CreateStreamRequest, creator: string): Promise<Stream>;
  /** Null when there is no such stream. */
  update(id: string, body: UpdateStreamRequest): Promise<Stream | null>;
  clone(id: string, body: CloneStreamRequest, creator: string): Promise<Stream | null>;
  /** False when there was no such stream. */
  delete(id: string): Promise<boolean>;
  /** Pauses (true) or resumes (false); false when there is no such stream. */
  setDisabled(id: string, disabled: boolean): Promise<boolean>;
  /** Null when there is no such stream (or rule). */
  createRule(streamId: string, body: StreamRuleBody): Promise<StreamRule | null>;
  updateRule(streamId: string, ruleId: string, body: StreamRuleBody): Promise<StreamRule | null>;
  deleteRule(streamId: string, ruleId: string): Promise<boolean>;
  /**
   * Stores the streams in the index set; the streams that do not exist (nothing changes then), or null when the
   * index set does not exist. Refuses the default stream.
   */
  assignToIndexSet(indexSetId: string, streamIds: readonly string[]): Promise<{ missing: string[] } | null>;
}
