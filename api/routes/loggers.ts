import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  ClusterLoggersSchema,
  ClusterSubsystemsSchema,
  LOGGING_SUBSYSTEMS,
  type LoggingBackend,
  LoggersSchema,
  LogLevelParamSchema,
  RecentLogMessagesQuerySchema,
  RecentLogMessagesSchema,
  SubsystemParamSchema,
  SubsystemsSchema,
  SYSLOG_LEVELS,
} from "../schemas/logging.ts";
import { jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const READ = requires("loggers:read");
const EDIT = requires("loggers:edit");
const LOGGER_NAME = z.string().min(1).max(300).regex(/^[A-Za-z0-9_.$-]+$/, "loggerName must be a dotted logger name");
const noSuchNode = { 404: jsonContent(ApiErrorSchema, "No such node.") };

const loggers = secureRoute(READ, {
  method: "get", path: "/system/loggers", tags: ["System/Loggers"], summary: "The loggers of this node and their levels",
  responses: { 200: jsonContent(LoggersSchema, "The loggers.") },
});
const subsystems = secureRoute(READ, {
  method: "get", path: "/system/loggers/subsystems", tags: ["System/Loggers"], summary: "The logging subsystems and their levels",
  responses: { 200: jsonContent(SubsystemsSchema, "The subsystems.") },
});
const setSubsystem = secureRoute(EDIT, {
  method: "put", path: "/system/loggers/subsystems/{subsystem}/level/{level}", tags: ["System/Loggers"],
  summary: "Set a subsystem's level: it applies to the next line its loggers write",
  request: { params: z.object({ subsystem: SubsystemParamSchema, level: LogLevelParamSchema }) }, responses: NoContent,
});
const setLogger = secureRoute(EDIT, {
  method: "put", path: "/system/loggers/{loggerName}/level/{level}", tags: ["System/Loggers"], summary: "Set a logger's level",
  request: { params: z.object({ loggerName: LOGGER_NAME, level: LogLevelParamSchema }) }, responses: NoContent,
});
const recent = secureRoute(READ, {
  method: "get", path: "/system/loggers/messages/recent", tags: ["System/Loggers"], summary: "The newest lines of the server log",
  request: { query: RecentLogMessagesQuerySchema }, responses: { 200: jsonContent(RecentLogMessagesSchema, "Oldest first.") },
});
const clusterLoggers = secureRoute(READ, {
  method: "get", path: "/cluster/system/loggers", tags: ["Cluster/Loggers"], summary: "The loggers of every node",
  responses: { 200: jsonContent(ClusterLoggersSchema, "By node id.") },
});
const clusterSubsystems = secureRoute(READ, {
  method: "get", path: "/cluster/system/loggers/subsystems", tags: ["Cluster/Loggers"], summary: "The logging subsystems of every node",
  responses: { 200: jsonContent(ClusterSubsystemsSchema, "By node id.") },
});
const clusterSetSubsystem = secureRoute(EDIT, {
  method: "put", path: "/cluster/system/loggers/{nodeId}/subsystems/{subsystem}/level/{level}", tags: ["Cluster/Loggers"],
  summary: "Set a subsystem's level on a node",
  request: { params: z.object({ nodeId: z.string().min(1).max(64), subsystem: SubsystemParamSchema, level: LogLevelParamSchema }) },
  responses: { ...NoContent, ...noSuchNode },
});

/** Loggers and their levels at runtime (Graylog's LoggersResource and ClusterLoggersResource). */
export function loggersApi() {
  return createApiRouter()
    .openapi(loggers, (c) => c.json(loggersOf(c.get("backend").logging), 200))
    .openapi(subsystems, (c) => c.json(subsystemsOf(c.get("backend").logging), 200))
    .openapi(setSubsystem, (c) => {
      const { subsystem, level } = c.req.valid("param");
      c.get("backend").logging.setSubsystemLevel(subsystem, level);
      return c.body(null, 204);
    })
    .openapi(setLogger, (c) => {
      const { loggerName, level } = c.req.valid("param");
      c.get("backend").logging.setLoggerLevel(loggerName, level);
      return c.body(null, 204);
    })
    .openapi(recent, (c) => {
      const messages = c.get("backend").logging.recent(c.req.valid("query").limit);
      return c.json({ messages, total: messages.length }, 200);
    })
    .openapi(clusterLoggers, async (c) => {
      const { node_id } = await c.get("backend").system.info();
      return c.json({ [node_id]: loggersOf(c.get("backend").logging) }, 200);
    })
    .openapi(clusterSubsystems, async (c) => {
      const { node_id } = await c.get("backend").system.info();
      return c.json({ [node_id]: subsystemsOf(c.get("backend").logging) }, 200);
    })
    .openapi(clusterSetSubsystem, async (c) => {
      const { nodeId, subsystem, level } = c.req.valid("param");
      if ((await c.get("backend").system.info()).node_id !== nodeId) throw notFound(`Node ${nodeId} not found.`);
      c.get("backend").logging.setSubsystemLevel(subsystem, level);
      return c.body(null, 204);
    });
}

function loggersOf(logging: LoggingBackend) {
  const entries = Object.entries(logging.loggers());
  return {
    loggers: Object.fromEntries(entries.map(([name, level]) => [name, { level: level.toUpperCase(), level_syslog: SYSLOG_LEVELS[level] }])),
    total: entries.length,
  };
}

function subsystemsOf(logging: LoggingBackend) {
  const levels = logging.subsystemLevels();
  const names = Object.keys(LOGGING_SUBSYSTEMS) as (keyof typeof LOGGING_SUBSYSTEMS)[];
  return {
    subsystems: Object.fromEntries(names.map((name) => [name, {
      ...LOGGING_SUBSYSTEMS[name],
      level: levels[name].toUpperCase(),
      level_syslog: SYSLOG_LEVELS[levels[name]],
    }])),
  };
}
