import { z } from "@hono/zod-openapi";

/** GET|PUT /telemetry/user/settings: whether the user allows telemetry and whether they were asked. */
export const TelemetryUserSettingsSchema = z
  .object({
    telemetry_enabled: z.boolean({ error: "telemetry_enabled must be true or false" }),
    telemetry_permission_asked: z.boolean({ error: "telemetry_permission_asked must be true or false" }),
  })
  .strict()
  .openapi("TelemetryUserSettings");

/** POST /telemetry: one event of the web interface (a page view by path, a `form_submit`, …). */
export const TelemetryEventSchema = z
  .object({
    event: z.string({ error: "event must name the event, e.g. form_submit" }).min(1, "event must name the event, e.g. form_submit").max(200),
    app_pathname: z.string().max(2000).optional(),
    app_section: z.string().max(200).optional(),
    app_action_value: z.string().max(200).optional(),
    event_details: z.record(z.string(), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).optional(),
  })
  .strict()
  .openapi("TelemetryEvent");

/** What POST /telemetry did with the event: Sluice never sends telemetry anywhere, so it is always dropped. */
export const TelemetryEventAnswerSchema = z
  .object({ accepted: z.literal(true), forwarded: z.literal(false), reason: z.string() })
  .openapi("TelemetryEventAnswer");

/** GET /telemetry: the data the web interface would attach to telemetry events (Graylog 5.1's shape). */
export const TelemetryDataSchema = z
  .object({
    current_user: z.object({
      user: z.string(),
      is_local_admin: z.boolean(),
      number_of_roles: z.number().int(),
      number_of_permissions: z.number().int(),
    }),
    user_telemetry_settings: TelemetryUserSettingsSchema,
    cluster: z.object({
      cluster_id: z.string(),
      cluster_creation_date: z.string().nullable(),
      nodes_count: z.number().int(),
      installation_source: z.string(),
    }),
    license: z.object({}).strict(),
    plugin: z.object({}).strict(),
    search_cluster: z.object({ version: z.string(), nodes_count: z.number().int() }),
  })
  .openapi("TelemetryData");

export type TelemetryUserSettings = z.infer<typeof TelemetryUserSettingsSchema>;

/** Until a user answers, telemetry is off: Sluice has no telemetry host, and nothing leaves the machine. */
export const DEFAULT_TELEMETRY_USER_SETTINGS: TelemetryUserSettings = { telemetry_enabled: false, telemetry_permission_asked: false };

export interface TelemetrySettingsStore {
  /** The user's settings; the defaults when they never saved any. */
  get(username: string): Promise<TelemetryUserSettings>;
  save(username: string, settings: TelemetryUserSettings): Promise<void>;
}
