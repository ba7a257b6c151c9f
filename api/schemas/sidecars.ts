import { z } from "@hono/zod-openapi";

/**
 * Sidecars (spec 002: System → Sidecars; Graylog 5.1's sidecar plugin): sidecars register themselves with
 * `PUT /sidecars/{id}` as graylog-sidecar does, collectors say how to run a log collector on an operating system,
 * configurations are a collector's rendered template, and assignments say which sidecar runs which.
 */

export const OPERATING_SYSTEMS = ["linux", "windows", "darwin", "freebsd"] as const;
export const SERVICE_TYPES = ["exec", "svc"] as const;
/** A sidecar's or collector's status code as graylog-sidecar reports it. */
export const SIDECAR_STATUSES = { running: 0, unknown: 1, failing: 2, stopped: 3 } as const;

const CollectorStatusSchema = z
  .object({
    collector_id: z.string().max(100),
    status: z.number().int().min(0).max(3),
    message: z.string().max(10_000).default(""),
    verbose_message: z.string().max(100_000).default(""),
  })
  .openapi("CollectorStatus");

/** What a sidecar tells about its host (Graylog's `NodeDetails`; unknown fields are ignored, as Graylog does). */
export const NodeDetailsSchema = z
  .object({
    operating_system: z.string({ message: "node_details.operating_system is required" }).min(1, "node_details.operating_system must not be empty").max(100),
    ip: z.string().max(200).nullish(),
    metrics: z
      .object({ disks_75: z.array(z.string().max(1000)).max(100).nullish(), cpu_idle: z.number().nullish(), load_1: z.number().nullish() })
      .nullish(),
    log_file_list: z
      .array(z.object({ path: z.string().max(4000), mod_time: z.string().max(100), size: z.number(), is_dir: z.boolean() }))
      .max(1000)
      .nullish(),
    status: z
      .object({ status: z.number().int().min(0).max(3), message: z.string().max(10_000).default(""), collectors: z.array(CollectorStatusSchema).max(100).default([]) })
      .nullish(),
    tags: z.array(z.string().max(200)).max(100).nullish(),
  })
  .openapi("NodeDetails");
export type NodeDetails = z.infer<typeof NodeDetailsSchema>;

/** PUT /sidecars/{sidecarId} (Graylog's `RegistrationRequest`). */
export const RegistrationRequestSchema = z
  .object({
    node_name: z.string({ message: "node_name is required" }).trim().min(1, "node_name must not be empty").max(300),
    node_details: NodeDetailsSchema,
  })
  .openapi("RegistrationRequest");
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

export const ConfigurationAssignmentSchema = z
  .object({
    collector_id: z.string({ message: "assignments.collector_id is required" }).min(1).max(100),
    configuration_id: z.string({ message: "assignments.configuration_id is required" }).min(1).max(100),
    assigned_from_tags: z.array(z.string().max(200)).max(100).default([]),
  })
  .strict()
  .openapi("ConfigurationAssignment");
export type ConfigurationAssignment = z.infer<typeof ConfigurationAssignmentSchema>;

/** An action a sidecar picks up with its next registration (Graylog's `CollectorAction`). */
export const CollectorActionSchema = z
  .object({ collector_id: z.string(), properties: z.record(z.string(), z.boolean()) })
  .openapi("CollectorAction");
export type CollectorAction = z.infer<typeof CollectorActionSchema>;

/** The answer to a registration (Graylog's `RegistrationResponse`). */
export const RegistrationResponseSchema = z
  .object({
    configuration: z.object({ update_interval: z.number().int(), send_status: z.boolean() }),
    configuration_override: z.boolean(),
    actions: z.array(CollectorActionSchema).nullable(),
    assignments: z.array(ConfigurationAssignmentSchema).nullable(),
  })
  .openapi("RegistrationResponse");
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

/** A registered sidecar (Graylog's `SidecarSummary`); `collectors` only in the administration list. */
export const SidecarSummarySchema = z
  .object({
    node_id: z.string(),
    node_name: z.string(),
    node_details: NodeDetailsSchema,
    assignments: z.array(ConfigurationAssignmentSchema),
    last_seen: z.string(),
    sidecar_version: z.string(),
    active: z.boolean(),
    collectors: z.array(z.string()).nullable().optional(),
  })
  .openapi("SidecarSummary");
export type SidecarSummary = z.infer<typeof SidecarSummarySchema>;

const PaginationSchema = z.object({ total: z.number().int(), count: z.number().int(), page: z.number().int(), per_page: z.number().int() });

/** GET /sidecars, /sidecars/all and POST /sidecar/administration (Graylog's `SidecarListResponse`). */
export const SidecarListSchema = z
  .object({
    query: z.string(),
    pagination: PaginationSchema,
    total: z.number().int(),
    only_active: z.boolean(),
    sort: z.string().nullable(),
    order: z.string().nullable(),
    sidecars: z.array(SidecarSummarySchema),
    filters: z.record(z.string(), z.string()).nullable().optional(),
  })
  .openapi("SidecarListResponse");
export type SidecarList = z.infer<typeof SidecarListSchema>;

export const SidecarListQuerySchema = z.object({
  page: z.string().regex(/^[1-9]\d{0,5}$/, "page must be a positive whole number").optional(),
  per_page: z.string().regex(/^[1-9]\d{0,3}$/, "per_page must be a positive whole number").optional(),
  query: z.string().max(500).optional(),
  sort: z.enum(["node_name", "last_seen", "sidecar_version"], { message: "sort must be one of node_name, last_seen, sidecar_version" }).optional(),
  order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).optional(),
  only_active: z.enum(["true", "false"], { message: "only_active must be true or false" }).optional(),
});

/** PUT /sidecars/configurations (Graylog's `NodeConfigurationRequest`): each named sidecar's assignments, replaced. */
export const NodeConfigurationRequestSchema = z
  .object({
    nodes: z
      .array(
        z.object({
          node_id: z.string({ message: "nodes.node_id is required" }).min(1).max(300),
          assignments: z.array(ConfigurationAssignmentSchema, { message: "nodes.assignments must be a list" }).max(100),
        }).strict(),
        { message: "nodes must be a list" },
      )
      .min(1, "nodes must name at least one sidecar")
      .max(1000),
  })
  .strict()
  .openapi("NodeConfigurationRequest");
export type NodeConfigurationRequest = z.infer<typeof NodeConfigurationRequestSchema>;

/** A log collector on one operating system (Graylog's `Collector`). */
export const CollectorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    service_type: z.enum(SERVICE_TYPES),
    node_operating_system: z.enum(OPERATING_SYSTEMS),
    executable_path: z.string(),
    execute_parameters: z.string(),
    validation_parameters: z.string(),
    default_template: z.string(),
  })
  .openapi("Collector");
export type Collector = z.infer<typeof CollectorSchema>;

export const CollectorBodySchema = z
  .object({
    id: z.string().max(100).nullish(),
    name: z.string({ message: "name is required" }).trim().min(1, "name must not be empty").max(200)
      .regex(/^[A-Za-z0-9_.-]+$/, "name may hold only letters, digits, _, . and -"),
    service_type: z.enum(SERVICE_TYPES, { message: "service_type must be exec or svc" }),
    node_operating_system: z.enum(OPERATING_SYSTEMS, { message: `node_operating_system must be one of ${OPERATING_SYSTEMS.join(", ")}` }),
    executable_path: z.string({ message: "executable_path is required" }).trim().min(1, "executable_path must not be empty").max(2000),
    execute_parameters: z.string().max(2000).default(""),
    validation_parameters: z.string().max(2000).default(""),
    default_template: z.string().max(100_000, "default_template must be at most 100000 characters").default(""),
  })
  .strict()
  .openapi("CollectorBody");
export type CollectorBody = z.infer<typeof CollectorBodySchema>;

export const CollectorListSchema = z
  .object({
    query: z.string(),
    pagination: PaginationSchema,
    total: z.number().int(),
    sort: z.string().nullable(),
    order: z.string().nullable(),
    collectors: z.array(CollectorSchema),
  })
  .openapi("CollectorListResponse");

/** A collector configuration (Graylog's `Configuration`). */
export const SidecarConfigurationSchema = z
  .object({
    id: z.string(),
    collector_id: z.string(),
    name: z.string(),
    color: z.string(),
    template: z.string(),
    tags: z.array(z.string()),
  })
  .openapi("SidecarConfiguration");
export type SidecarConfiguration = z.infer<typeof SidecarConfigurationSchema>;

export const SidecarConfigurationBodySchema = z
  .object({
    id: z.string().max(100).nullish(),
    collector_id: z.string({ message: "collector_id is required" }).min(1, "collector_id must not be empty").max(100),
    name: z.string({ message: "name is required" }).trim().min(1, "name must not be empty").max(200),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "color must be a colour like #ffffff").default("#ffffff"),
    template: z.string({ message: "template is required" }).min(1, "template must not be empty").max(100_000, "template must be at most 100000 characters"),
    tags: z.array(z.string().max(200)).max(100).default([]),
  })
  .strict()
  .openapi("SidecarConfigurationBody");
export type SidecarConfigurationBody = z.infer<typeof SidecarConfigurationBodySchema>;

export const SidecarConfigurationListSchema = z
  .object({
    query: z.string(),
    pagination: PaginationSchema,
    total: z.number().int(),
    sort: z.string().nullable(),
    order: z.string().nullable(),
    configurations: z.array(SidecarConfigurationSchema),
  })
  .openapi("ConfigurationListResponse");

/** POST /sidecar/administration (Graylog's `AdministrationRequest`). */
export const AdministrationRequestSchema = z
  .object({
    page: z.number().int().min(1, "page must be at least 1").max(100_000).default(1),
    per_page: z.number().int().min(1, "per_page must be at least 1").max(1000, "per_page must be at most 1000").default(50),
    query: z.string().max(500).default(""),
    filters: z
      .object({
        collector: z.string().max(100).optional(),
        configuration: z.string().max(100).optional(),
        os: z.string().max(100).optional(),
        status: z.string().max(20).optional(),
      })
      .strict()
      .default({}),
  })
  .strict()
  .openapi("AdministrationRequest");
export type AdministrationRequest = z.infer<typeof AdministrationRequestSchema>;

/** PUT /sidecar/administration/action (Graylog's `BulkActionsRequest`). */
export const BulkActionsRequestSchema = z
  .object({
    action: z.enum(["start", "stop", "restart"], { message: "action must be one of start, stop, restart" }),
    collectors: z
      .array(z.object({ sidecar_id: z.string().min(1).max(300), collector_ids: z.array(z.string().max(100)).min(1).max(100) }).strict())
      .min(1, "collectors must name at least one sidecar")
      .max(1000),
  })
  .strict()
  .openapi("BulkActionsRequest");
export type BulkActionsRequest = z.infer<typeof BulkActionsRequestSchema>;

/** Sidecars, their collectors and configurations; a refusal is an EntityValidationError naming the field. */
export interface SidecarStore {
  /** Registers or refreshes a sidecar and hands it its assignments and pending actions. */
  register(nodeId: string, request: RegistrationRequest, version: string): Promise<RegistrationResponse>;
  list(options: { query: string; onlyActive: boolean; sort: string; order: "asc" | "desc" }): Promise<SidecarSummary[]>;
  get(nodeId: string): Promise<SidecarSummary | null>;
  /** Replaces each named sidecar's assignments; null names the first unknown sidecar's id. */
  assign(request: NodeConfigurationRequest): Promise<string | null>;
  administration(request: AdministrationRequest): Promise<SidecarSummary[]>;
  queueActions(request: BulkActionsRequest): Promise<void>;
  collectors(): Promise<Collector[]>;
  collector(id: string): Promise<Collector | null>;
  createCollector(body: CollectorBody): Promise<Collector>;
  updateCollector(id: string, body: CollectorBody): Promise<Collector | null>;
  deleteCollector(id: string): Promise<boolean>;
  configurations(): Promise<SidecarConfiguration[]>;
  configuration(id: string): Promise<SidecarConfiguration | null>;
  /** The configuration with its template's `${sidecar.*}` variables filled in for the sidecar; null when either is unknown. */
  render(nodeId: string, configurationId: string): Promise<SidecarConfiguration | null>;
  createConfiguration(body: SidecarConfigurationBody): Promise<SidecarConfiguration>;
  updateConfiguration(id: string, body: SidecarConfigurationBody): Promise<SidecarConfiguration | null>;
  deleteConfiguration(id: string): Promise<boolean>;
}
