import { z } from "@hono/zod-openapi";

/** Inputs (spec 002: System → Inputs; Graylog 5.1 `/system/inputs`, `/system/inputstates`, `/cluster/inputstates`). */

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hex ObjectId");

/** The kinds of configuration field a pluggable type asks for (spec 002 §3, Graylog's ConfigurationField types). */
export const CONFIGURATION_FIELD_TYPES = ["text", "number", "boolean", "dropdown", "list", "inline_binary"] as const;
export type ConfigurationFieldType = (typeof CONFIGURATION_FIELD_TYPES)[number];

/** Hints a configuration field carries for its form (spec 002 §3). */
export const CONFIGURATION_FIELD_ATTRIBUTES = [
  "textarea",
  "is_password",
  "is_sensitive",
  "allow_create",
  "only_negative",
  "only_positive",
  "is_port_number",
] as const;
export type ConfigurationFieldAttribute = (typeof CONFIGURATION_FIELD_ATTRIBUTES)[number];

/** One field of a pluggable type's configuration form (Graylog's `ConfigurationField` as `asList()` writes it). */
export const ConfigurationFieldSchema = z
  .object({
    type: z.enum(CONFIGURATION_FIELD_TYPES),
    name: z.string(),
    human_name: z.string(),
    description: z.string(),
    default_value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
    is_optional: z.boolean(),
    is_encrypted: z.boolean(),
    attributes: z.array(z.enum(CONFIGURATION_FIELD_ATTRIBUTES)),
    additional_info: z.object({ values: z.record(z.string(), z.string()).optional() }),
    position: z.number().int(),
  })
  .openapi("ConfigurationField");
export type ConfigurationField = z.infer<typeof ConfigurationFieldSchema>;

/** An input type with the configuration it asks for (Graylog's `InputTypeInfo`). */
export const InputTypeInfoSchema = z
  .object({
    type: z.string(),
    name: z.string(),
    is_exclusive: z.boolean(),
    requested_configuration: z.record(z.string(), ConfigurationFieldSchema),
    link_to_docs: z.string(),
  })
  .openapi("InputTypeInfo");
export type InputTypeInfo = z.infer<typeof InputTypeInfoSchema>;

/** GET /system/inputs/types: type class → name. */
export const InputTypesSummarySchema = z.object({ types: z.record(z.string(), z.string()) }).openapi("InputTypesSummary");

/** GET /system/inputs/types/all: type class → its info. */
export const InputTypeInfoMapSchema = z.record(z.string(), InputTypeInfoSchema).openapi("InputTypeInfoMap");

/** An encrypted configuration value as it is read back: whether one is set, never the value. */
export const EncryptedValueReadSchema = z.object({ is_set: z.boolean() }).openapi("EncryptedValue");

/** A configuration value as stored and read back. */
export const ConfigurationValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
  EncryptedValueReadSchema,
]);
export type ConfigurationValue = z.infer<typeof ConfigurationValueSchema>;

/** An input (Graylog's `InputSummary`): the configuration is under `attributes`. */
export const InputSummarySchema = z
  .object({
    id: ObjectIdSchema,
    title: z.string(),
    global: z.boolean(),
    name: z.string(),
    content_pack: z.string().nullable(),
    created_at: z.string(),
    type: z.string(),
    creator_user_id: z.string(),
    attributes: z.record(z.string(), ConfigurationValueSchema),
    static_fields: z.record(z.string(), z.string()),
    node: z.string().nullable(),
  })
  .openapi("InputSummary");
export type InputSummary = z.infer<typeof InputSummarySchema>;

/** GET /system/inputs (Graylog's `InputsList`). */
export const InputsListSchema = z
  .object({ inputs: z.array(InputSummarySchema), total: z.number().int() })
  .openapi("InputsList");

/** An encrypted value as a form sends it: a new value, its removal, or no change (spec 002 §3). */
export const EncryptedValueWriteSchema = z.union([
  z.object({ set_value: z.string().max(10_000, "set_value must be at most 10000 characters") }).strict(),
  z.object({ delete_value: z.literal(true) }).strict(),
  z.object({ keep_value: z.literal(true) }).strict(),
]);
export type EncryptedValueWrite = z.infer<typeof EncryptedValueWriteSchema>;

const ConfigurationInputValueSchema = z.union([
  z.string().max(100_000, "a configuration value must be at most 100000 characters"),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(1000),
  z.null(),
  EncryptedValueWriteSchema,
]);

/** POST and PUT /system/inputs (Graylog's `InputCreateRequest`). */
export const InputCreateRequestSchema = z
  .object({
    title: z.string({ message: "title is required" }).trim().min(1, "title must not be empty")
      .max(200, "title must be at most 200 characters"),
    type: z.string({ message: "type is required" }).min(1, "type must not be empty").max(300),
    global: z.boolean({ message: "global must be true or false" }).default(false),
    configuration: z.record(z.string().max(200), ConfigurationInputValueSchema, {
      message: "configuration must be an object of field values",
    }),
    node: z.string().max(100).nullish(),
  })
  .strict()
  .openapi("InputCreateRequest");
export type InputCreateRequest = z.infer<typeof InputCreateRequestSchema>;

/** The answer of a launch, update or state change (Graylog's `InputCreated`). */
export const InputCreatedSchema = z.object({ id: ObjectIdSchema }).openapi("InputCreated");

/** A field name Graylog accepts for a static field. */
export const STATIC_FIELD_KEY = /^[\w.-]+$/;

/** POST /system/inputs/{id}/staticfields (Graylog's `CreateStaticFieldRequest`). */
export const StaticFieldRequestSchema = z
  .object({
    key: z.string({ message: "key is required" }).min(1, "key must not be empty").max(200, "key must be at most 200 characters")
      .regex(STATIC_FIELD_KEY, "key may contain only letters, digits, underscores, dots and dashes"),
    value: z.string({ message: "value is required" }).max(10_000, "value must be at most 10000 characters"),
  })
  .strict()
  .openapi("StaticFieldRequest");

/** The lifecycle states of a running input (Graylog's `IOState.Type`). */
export const INPUT_STATES = [
  "CREATED",
  "INITIALIZED",
  "INVALID_CONFIGURATION",
  "STARTING",
  "RUNNING",
  "FAILED",
  "STOPPING",
  "STOPPED",
  "TERMINATED",
  "SETUP",
] as const;
export type InputStateType = (typeof INPUT_STATES)[number];

/** An input's state on a node (Graylog's `InputStateSummary`). */
export const InputStateSummarySchema = z
  .object({
    id: ObjectIdSchema,
    state: z.enum(INPUT_STATES),
    started_at: z.string().nullable(),
    detailed_message: z.string().nullable(),
    message_input: InputSummarySchema,
  })
  .openapi("InputStateSummary");
export type InputStateSummary = z.infer<typeof InputStateSummarySchema>;

/** GET /system/inputstates (Graylog's `InputStatesList`). */
export const InputStatesListSchema = z.object({ states: z.array(InputStateSummarySchema) }).openapi("InputStatesList");

/** GET /cluster/inputstates: node id → that node's input states. */
export const ClusterInputStatesSchema = z.record(z.string(), z.array(InputStateSummarySchema)).openapi("ClusterInputStates");

/** PUT/DELETE /cluster/inputstates/{id}: node id → the input that changed state there. */
export const ClusterInputStateChangeSchema = z.record(z.string(), z.union([InputCreatedSchema, z.null()]))
  .openapi("ClusterInputStateChange");

/**
 * The inputs of a backend and their listeners. Writes throw EntityValidationError (api/schemas/paginated.ts) with
 * the text the user sees: an unknown type, a configuration field missing or of the wrong kind.
 */
export interface InputStore {
  /** This node's id (inputs launched "on this node" name it). */
  readonly nodeId: string;
  types(): InputTypeInfo[];
  list(): Promise<InputSummary[]>;
  get(id: string): Promise<InputSummary | null>;
  /** Stores the input and starts it; its state says whether it listens. */
  create(request: InputCreateRequest, creatorUserId: string): Promise<InputSummary>;
  /** Changes the input and restarts it if it was running; null when there is no such input. */
  update(id: string, request: InputCreateRequest): Promise<InputSummary | null>;
  /** Stops and removes the input; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** Null when there is no such input. */
  addStaticField(id: string, key: string, value: string): Promise<InputSummary | null>;
  /** False when the input or its field does not exist. */
  removeStaticField(id: string, key: string): Promise<boolean>;
  states(): Promise<InputStateSummary[]>;
  state(id: string): Promise<InputStateSummary | null>;
  /** Starts (or restarts) the input; null when there is no such input. */
  start(id: string): Promise<InputStateSummary | null>;
  /** Stops the input; null when there is no such input. */
  stop(id: string): Promise<InputStateSummary | null>;
}
