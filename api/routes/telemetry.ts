import { createHash } from "node:crypto";
import { AUTHENTICATED } from "../access.ts";
import { createApiRouter } from "../router.ts";
import {
  TelemetryDataSchema,
  TelemetryEventAnswerSchema,
  TelemetryEventSchema,
  TelemetryUserSettingsSchema,
} from "../schemas/telemetry.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { isPermitted } from "../../shared/permissions.ts";

const telemetryData = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/telemetry",
  tags: ["Telemetry"],
  summary: "The data telemetry events would carry (nothing is sent anywhere)",
  responses: { 200: jsonContent(TelemetryDataSchema, "Pseudonymous user, cluster and search cluster facts.") },
});

const getUserSettings = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/telemetry/user/settings",
  tags: ["Telemetry"],
  summary: "The caller's telemetry setting",
  responses: { 200: jsonContent(TelemetryUserSettingsSchema, "Whether telemetry is enabled and whether the user was asked.") },
});

const saveUserSettings = secureRoute(AUTHENTICATED, {
  method: "put",
  path: "/telemetry/user/settings",
  tags: ["Telemetry"],
  summary: "Change the caller's telemetry setting",
  request: { body: jsonBody(TelemetryUserSettingsSchema) },
  responses: NoContent,
});

const postEvent = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/telemetry",
  tags: ["Telemetry"],
  summary: "Report a web interface event (accepted and dropped: Sluice has no telemetry host)",
  request: { body: jsonBody(TelemetryEventSchema) },
  responses: { 202: jsonContent(TelemetryEventAnswerSchema, "Accepted; never forwarded.") },
});

/**
 * Telemetry (spec 000 §7.2): the setting per user and the events the web interface reports. Telemetry would
 * run only with the user's consent and a configured host and key; Sluice has no setting for a host, so every
 * event is dropped here and nothing ever leaves the machine.
 */
export function telemetryApi() {
  return createApiRouter()
    .openapi(telemetryData, async (c) => {
      const backend = c.get("backend");
      const user = c.get("user")!;
      const [info, nodes, search, settings] = await Promise.all([
        backend.system.info(),
        backend.system.nodes(),
        backend.clusterStats.elasticsearch(),
        backend.telemetrySettings.get(user.username),
      ]);
      return c.json({
        current_user: {
          // Pseudonymous, as Graylog's: a hash of the cluster and user ids, never the name.
          user: createHash("sha256").update(`${info.cluster_id}${user.id}`).digest("hex"),
          is_local_admin: isPermitted(user.permissions, "*"),
          number_of_roles: user.roles.length,
          number_of_permissions: user.permissions.length,
        },
        user_telemetry_settings: settings,
        cluster: { cluster_id: info.cluster_id, cluster_creation_date: null, nodes_count: nodes.length, installation_source: "sluice" },
        license: {},
        plugin: {},
        search_cluster: { version: search.cluster_version, nodes_count: search.nodes_stats.total },
      }, 200);
    })
    .openapi(getUserSettings, async (c) => c.json(await c.get("backend").telemetrySettings.get(c.get("user")!.username), 200))
    .openapi(saveUserSettings, async (c) => {
      await c.get("backend").telemetrySettings.save(c.get("user")!.username, c.req.valid("json"));
      return c.body(null, 204);
    })
    .openapi(postEvent, (c) => {
      c.req.valid("json");
      return c.json({ accepted: true as const, forwarded: false as const, reason: "No telemetry host is configured; events are dropped." }, 202);
    });
}
