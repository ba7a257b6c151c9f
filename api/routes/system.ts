import { z } from "@hono/zod-openapi";
import { AUTHENTICATED, PUBLIC, requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { MetricsRequestSchema, MetricsResponseSchema } from "../schemas/metrics.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { NotificationsSchema } from "../schemas/notifications.ts";
import { ClusterNodesSchema, JvmInfoSchema, LocalesSchema, PingSchema, SystemInfoSchema } from "../schemas/system.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { PRODUCT_VERSION } from "../../shared/product.ts";

const ping = secureRoute(PUBLIC, {
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "Ping: is the server up?",
  responses: { 200: jsonContent(PingSchema, "The server answers.") },
});

const systemInfo = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system",
  tags: ["System"],
  summary: "System information of this node",
  responses: { 200: jsonContent(SystemInfoSchema, "System information.") },
});

const jvm = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/jvm",
  tags: ["System"],
  summary: "Runtime information of this node",
  responses: { 200: jsonContent(JvmInfoSchema, "Runtime and memory.") },
});

const locales = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/locales",
  tags: ["System"],
  summary: "Available locales",
  responses: { 200: jsonContent(LocalesSchema, "Locales.") },
});

const PluginListSchema = z
  .object({
    plugins: z.array(z.object({ unique_id: z.string(), name: z.string(), author: z.string(), url: z.string(), version: z.string(), description: z.string() })),
    total: z.number().int(),
  })
  .openapi("PluginList");
const plugins = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/plugins",
  tags: ["System/Plugins"],
  summary: "The installed plugins (Sluice has its features built in: none)",
  responses: { 200: jsonContent(PluginListSchema, "The plugins.") },
});

const nodes = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/cluster/nodes",
  tags: ["Cluster"],
  summary: "The nodes of the cluster",
  responses: { 200: jsonContent(ClusterNodesSchema, "All nodes.") },
});

const metricsMultiple = secureRoute(requires("metrics:read"), {
  method: "post",
  path: "/system/metrics/multiple",
  tags: ["Metrics"],
  summary: "Several metrics by full name",
  request: { body: jsonBody(MetricsRequestSchema) },
  responses: { 200: jsonContent(MetricsResponseSchema, "The metrics that exist among those asked for.") },
});

const notifications = secureRoute(requires("notifications:read"), {
  method: "get",
  path: "/system/notifications",
  tags: ["Notifications"],
  summary: "Current system notifications",
  responses: { 200: jsonContent(NotificationsSchema, "The notifications.") },
});

const NotificationParams = z.object({ notificationType: z.string().min(1).max(100).regex(/^[a-z_]+$/i, "notificationType must be a notification type name") });

const deleteNotification = secureRoute(requires("notifications:delete"), {
  method: "delete",
  path: "/system/notifications/{notificationType}",
  tags: ["Notifications"],
  summary: "Dismiss a system notification",
  request: { params: NotificationParams },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No such notification.") },
});

const deleteNotificationWithKey = secureRoute(requires("notifications:delete"), {
  method: "delete",
  path: "/system/notifications/{notificationType}/{notificationKey}",
  tags: ["Notifications"],
  summary: "Dismiss a system notification with a key",
  request: { params: NotificationParams.extend({ notificationKey: z.string().min(1).max(200) }) },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No such notification.") },
});

/** Shell-level system calls (spec 000 §7.2, §7.3): ping, system info, nodes, metrics, notifications. */
export function systemApi() {
  return createApiRouter()
    .openapi(ping, async (c) => {
      const info = await c.get("backend").system.info();
      return c.json({ cluster_id: info.cluster_id, node_id: info.node_id, version: PRODUCT_VERSION, tagline: "Data. Insights. Answers." }, 200);
    })
    .openapi(systemInfo, async (c) => c.json(await c.get("backend").system.info(), 200))
    .openapi(jvm, async (c) => c.json(await c.get("backend").system.jvm(), 200))
    .openapi(locales, (c) => c.json({ locales: LOCALES }, 200))
    .openapi(plugins, (c) => c.json({ plugins: [], total: 0 }, 200))
    .openapi(nodes, async (c) => {
      const list = await c.get("backend").system.nodes();
      return c.json({ nodes: list, total: list.length }, 200);
    })
    .openapi(metricsMultiple, async (c) => {
      const metrics = await c.get("backend").system.metrics(c.req.valid("json").metrics);
      return c.json({ total: metrics.length, metrics }, 200);
    })
    .openapi(notifications, async (c) => {
      const list = await c.get("backend").system.notifications();
      return c.json({ total: list.length, notifications: list }, 200);
    })
    .openapi(deleteNotification, async (c) => {
      const { notificationType } = c.req.valid("param");
      if (!(await c.get("backend").system.deleteNotification(notificationType))) {
        throw notFound(`No notification of type ${notificationType}.`);
      }
      return c.body(null, 204);
    })
    .openapi(deleteNotificationWithKey, async (c) => {
      const { notificationType, notificationKey } = c.req.valid("param");
      if (!(await c.get("backend").system.deleteNotification(notificationType, notificationKey))) {
        throw notFound(`No notification of type ${notificationType} with key ${notificationKey}.`);
      }
      return c.body(null, 204);
    });
}

const LOCALE_TAGS = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "ja-JP", "pt-BR", "zh-CN"];
const LOCALES = LOCALE_TAGS.map((tag) => ({
  language_tag: tag,
  display_name: new Intl.DisplayNames(["en"], { type: "language" }).of(tag) ?? tag,
}));
