import { z } from "@hono/zod-openapi";

/**
 * Processing pipelines, their rules and stream connections, and the simulator (spec 002: System → Pipelines;
 * Graylog 5.1 `/system/pipelines/…`, the shapes of RuleSource, PipelineSource, StageSource,
 * PipelineConnections, the function descriptors and the simulation answer).
 */

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hex ObjectId");

/** A problem in rule or pipeline source at its line (1-based) and position in the line (0-based). */
export const ParseErrorSchema = z.object({
  type: z.string(),
  line: z.number().int(),
  position_in_line: z.number().int(),
  reason: z.string(),
}).openapi("PipelineParseError");

export const RuleSourceSchema = z.object({
  id: ObjectIdSchema.nullable(),
  title: z.string(),
  description: z.string(),
  source: z.string(),
  created_at: z.string().nullable(),
  modified_at: z.string().nullable(),
  errors: z.array(ParseErrorSchema).nullable(),
}).openapi("RuleSource");
export type RuleSource = z.infer<typeof RuleSourceSchema>;

const SourceText = z.string({ message: "source is required" }).min(1, "source is required").max(100_000, "source must be at most 100000 characters");
const Description = z.string().max(5_000, "description must be at most 5000 characters").default("");
/** Sent back as read; ignored (the title is the name in the source, ids and times are the server's). */
const ignored = {
  id: z.string().max(100).nullish(),
  title: z.string().max(1_000).nullish(),
  created_at: z.string().max(100).nullish(),
  modified_at: z.string().max(100).nullish(),
  errors: z.unknown().optional(),
};

export const RuleBodySchema = z.object({ ...ignored, description: Description, source: SourceText, simulator_message: z.string().max(100_000).nullish() })
  .strict().openapi("RuleBody");
export type RuleBody = z.infer<typeof RuleBodySchema>;

export const STAGE_MATCHES = ["ALL", "EITHER", "PASS"] as const;

export const StageSourceSchema = z.object({
  stage: z.number().int(),
  match: z.enum(STAGE_MATCHES),
  rules: z.array(z.string()),
}).openapi("StageSource");

export const PipelineSourceSchema = z.object({
  id: ObjectIdSchema.nullable(),
  title: z.string(),
  description: z.string(),
  source: z.string(),
  created_at: z.string().nullable(),
  modified_at: z.string().nullable(),
  stages: z.array(StageSourceSchema),
  errors: z.array(ParseErrorSchema).nullable(),
}).openapi("PipelineSource");
export type PipelineSource = z.infer<typeof PipelineSourceSchema>;

export const PipelineBodySchema = z.object({ ...ignored, description: Description, source: SourceText, stages: z.unknown().optional() })
  .strict().openapi("PipelineBody");
export type PipelineBody = z.infer<typeof PipelineBodySchema>;

export const PipelineConnectionsSchema = z.object({
  id: z.string().nullable(),
  stream_id: z.string(),
  pipeline_ids: z.array(z.string()),
}).openapi("PipelineConnections");
export type PipelineConnections = z.infer<typeof PipelineConnectionsSchema>;

const IdList = (what: string) => z.array(ObjectIdSchema, { message: `${what} must be a list of ids` }).max(1000);

export const ConnectStreamSchema = z.object({
  stream_id: z.string({ message: "stream_id is required" }).regex(/^[0-9a-f]{24}$/, "stream_id must be a 24-character hex ObjectId"),
  pipeline_ids: IdList("pipeline_ids"),
}).strict().openapi("PipelineConnectionsBody");
export type ConnectStream = z.infer<typeof ConnectStreamSchema>;

export const ConnectPipelineSchema = z.object({
  pipeline_id: z.string({ message: "pipeline_id is required" }).regex(/^[0-9a-f]{24}$/, "pipeline_id must be a 24-character hex ObjectId"),
  stream_ids: IdList("stream_ids"),
}).strict().openapi("PipelineReverseConnections");
export type ConnectPipeline = z.infer<typeof ConnectPipelineSchema>;

export const FunctionDescriptorSchema = z.object({
  name: z.string(),
  pure: z.boolean(),
  return_type: z.string(),
  params: z.array(z.object({ type: z.string(), transformed_type: z.string(), name: z.string(), optional: z.boolean(), description: z.string() })),
  description: z.string(),
}).openapi("FunctionDescriptor");
export type FunctionDescriptor = z.infer<typeof FunctionDescriptorSchema>;

export const SimulationRequestSchema = z.object({
  stream_id: z.string({ message: "stream_id is required" }).regex(/^[0-9a-f]{24}$/, "stream_id must be a 24-character hex ObjectId"),
  message: z.record(z.string(), z.unknown(), { message: "message must be an object of fields" }),
  input_id: z.string().max(100).nullish(),
}).strict().openapi("SimulationRequest");
export type SimulationRequest = z.infer<typeof SimulationRequestSchema>;

export const SimulationResponseSchema = z.object({
  messages: z.array(z.object({ message: z.record(z.string(), z.unknown()), index: z.string().nullable() })),
  simulation_trace: z.array(z.object({ time: z.number(), message: z.string() })),
  took_microseconds: z.number(),
}).openapi("SimulationResponse");
export type SimulationResponse = z.infer<typeof SimulationResponseSchema>;

/**
 * A rule's counters since the server started (Sluice's own call: Graylog 5.1 keeps them as the metrics
 * `…pipelineprocessor.ast.Rule.<id>.executed|failed|matched|not-matched`, which Sluice also registers, and has no
 * last error). A rule whose source changes starts again from zero.
 */
export const RuleCounterEntrySchema = z.object({
  rule_id: z.string(),
  evaluated: z.number().int(),
  matched: z.number().int(),
  executed: z.number().int(),
  failed: z.number().int(),
  last_error: z.object({ message: z.string(), timestamp: z.string() }).nullable(),
}).openapi("PipelineRuleCounters");
export type RuleCounterEntry = z.infer<typeof RuleCounterEntrySchema>;

export const PIPELINE_SORT_FIELDS = ["title", "description", "id"] as const;
export type PipelineSortField = (typeof PIPELINE_SORT_FIELDS)[number];

/**
 * Rules, pipelines, connections and the simulator of a backend. Writes throw EntityValidationError (a duplicate
 * title) or RuleSourceError (source that does not parse, with every error at its position).
 */
export interface PipelineStore {
  rules(): Promise<RuleSource[]>;
  rule(id: string): Promise<RuleSource | null>;
  /** Parses without storing; throws RuleSourceError. */
  parseRule(body: RuleBody): Promise<RuleSource>;
  createRule(body: RuleBody): Promise<RuleSource>;
  updateRule(id: string, body: RuleBody): Promise<RuleSource | null>;
  deleteRule(id: string): Promise<boolean>;
  functions(): FunctionDescriptor[];
  /** Every rule's counters, by title. */
  counterList(): Promise<RuleCounterEntry[]>;
  pipelines(): Promise<PipelineSource[]>;
  pipeline(id: string): Promise<PipelineSource | null>;
  parsePipeline(body: PipelineBody): Promise<PipelineSource>;
  createPipeline(body: PipelineBody): Promise<PipelineSource>;
  updatePipeline(id: string, body: PipelineBody): Promise<PipelineSource | null>;
  deletePipeline(id: string): Promise<boolean>;
  connections(): Promise<PipelineConnections[]>;
  connectStream(body: ConnectStream): Promise<PipelineConnections>;
  connectPipeline(body: ConnectPipeline): Promise<PipelineConnections[]>;
  simulate(request: SimulationRequest): Promise<SimulationResponse>;
}

/** Source that does not parse: every error at its position. */
export class RuleSourceError extends Error {
  constructor(readonly errors: z.infer<typeof ParseErrorSchema>[]) {
    super(errors.map((error) => `Line ${error.line}, column ${error.position_in_line + 1}: ${error.reason}`).join("\n"));
    this.name = "RuleSourceError";
  }
}

/** The 400 answer of source that does not parse: an ApiError with the errors beside its message. */
export const ParseErrorsAnswerSchema = z.object({ type: z.literal("ApiError"), message: z.string(), errors: z.array(ParseErrorSchema) })
  .openapi("PipelineParseErrors");
