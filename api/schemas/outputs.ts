import { z } from "@hono/zod-openapi";
import { ConfigurationFieldSchema } from "./inputs.ts";

/** Outputs that forward a stream's messages (spec 002; Graylog 5.1 `/system/outputs`, `/streams/{streamId}/outputs`). */

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hex ObjectId");

/** A configuration value of an output as stored and read back. */
const OutputConfigurationValueSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);
const OutputConfigurationSchema = z.record(z.string().max(200), OutputConfigurationValueSchema);
export type OutputConfiguration = z.infer<typeof OutputConfigurationSchema>;

/** An output (Graylog's `OutputSummary`). */
export const OutputSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    type: z.string(),
    creator_user_id: z.string(),
    configuration: OutputConfigurationSchema,
    created_at: z.string(),
    content_pack: z.string().nullable(),
  })
  .openapi("OutputSummary");
export type OutputSummary = z.infer<typeof OutputSummarySchema>;

/** Graylog's `OutputListResponse`. */
export const OutputListSchema = z
  .object({ total: z.number().int(), outputs: z.array(OutputSummarySchema) })
  .openapi("OutputList");

/** Graylog's `CreateOutputRequest`: `streams` are the streams the new output is attached to. */
export const CreateOutputRequestSchema = z
  .object({
    title: z.string().trim().min(1, "title must not be empty").max(200, "title must be at most 200 characters"),
    type: z.string().min(1, "type must not be empty").max(200, "type must be at most 200 characters"),
    configuration: OutputConfigurationSchema,
    streams: z.array(z.string().max(100)).max(1000).optional(),
    content_pack: z.string().max(200).nullable().optional(),
  })
  .strict()
  .openapi("CreateOutputRequest");
export type CreateOutputRequest = z.infer<typeof CreateOutputRequestSchema>;

/** `PUT /system/outputs/{outputId}`: the fields to change (Graylog takes a map of them). */
export const UpdateOutputRequestSchema = z
  .object({
    title: z.string().trim().min(1, "title must not be empty").max(200, "title must be at most 200 characters").optional(),
    configuration: OutputConfigurationSchema.optional(),
  })
  .strict()
  .openapi("UpdateOutputRequest");
export type UpdateOutputRequest = z.infer<typeof UpdateOutputRequestSchema>;

/** One output type with the configuration it asks for (Graylog's `AvailableOutputSummary`). */
export const AvailableOutputSummarySchema = z
  .object({
    type: z.string(),
    name: z.string(),
    human_name: z.string(),
    link_to_docs: z.string(),
    requested_configuration: z.record(z.string(), ConfigurationFieldSchema),
  })
  .openapi("AvailableOutputSummary");
export type AvailableOutputSummary = z.infer<typeof AvailableOutputSummarySchema>;

/** `GET /system/outputs/available`. */
export const AvailableOutputsSchema = z
  .object({ types: z.record(z.string(), AvailableOutputSummarySchema) })
  .openapi("AvailableOutputs");

/** `POST /streams/{streamId}/outputs` (Graylog's `AddOutputRequest`). */
export const AddOutputRequestSchema = z
  .object({ outputs: z.array(ObjectIdSchema).min(1, "outputs must name at least one output").max(1000) })
  .strict()
  .openapi("AddOutputRequest");

/**
 * The outputs of a backend and the streams they are attached to. Writes throw EntityValidationError
 * (api/schemas/paginated.ts) with the text the user sees: an unknown type, a configuration field missing or wrong.
 */
export interface OutputStore {
  types(): AvailableOutputSummary[];
  list(): Promise<OutputSummary[]>;
  get(id: string): Promise<OutputSummary | null>;
  create(request: CreateOutputRequest, creatorUserId: string): Promise<OutputSummary>;
  /** Null when there is no such output. */
  update(id: string, request: UpdateOutputRequest): Promise<OutputSummary | null>;
  /** Detaches it from every stream; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** The outputs attached to the stream. */
  ofStream(streamId: string): Promise<OutputSummary[]>;
  /** Attaches; the id of an output that does not exist when one does not (nothing is attached then), else null. */
  attach(streamId: string, outputIds: readonly string[]): Promise<string | null>;
  /** False when the output was not attached to the stream. */
  detach(streamId: string, outputId: string): Promise<boolean>;
}
