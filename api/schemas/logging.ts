import { z } from "@hono/zod-openapi";

/** Log4j's levels, most severe first (Graylog's LoggersResource takes them in any case). */
export const LOG_LEVELS = ["off", "fatal", "error", "warn", "info", "debug", "trace", "all"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The syslog severity Graylog shows beside a level. */
export const SYSLOG_LEVELS: Record<LogLevel, number> = { off: 0, fatal: 2, error: 3, warn: 4, info: 6, debug: 7, trace: 7, all: 7 };

/** Graylog 5.1's logging subsystems, each the loggers under one name prefix. */
export const LOGGING_SUBSYSTEMS = {
  graylog: { title: "Graylog", category: "org.graylog2", description: "All messages from Graylog-owned systems." },
  indexer: { title: "Indexer", category: "org.graylog2.indexer", description: "All messages related to indexing and searching." },
  authentication: { title: "Authentication", category: "org.graylog2.security", description: "All user authentication messages." },
  sockets: { title: "Sockets", category: "org.graylog2.inputs", description: "All messages related to socket communication." },
} as const satisfies Record<string, { title: string; category: string; description: string }>;
export type LoggingSubsystem = keyof typeof LOGGING_SUBSYSTEMS;
const SUBSYSTEM_NAMES = Object.keys(LOGGING_SUBSYSTEMS) as [LoggingSubsystem, ...LoggingSubsystem[]];

export const LogLevelParamSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.toLowerCase() : value),
  z.enum(LOG_LEVELS, { message: `level must be one of ${LOG_LEVELS.join(", ")}` }),
);

export const SubsystemParamSchema = z.enum(SUBSYSTEM_NAMES, { message: `subsystem must be one of ${SUBSYSTEM_NAMES.join(", ")}` });

const LevelSchema = z.object({ level: z.string(), level_syslog: z.number().int() });

export const LoggersSchema = z
  .object({ loggers: z.record(z.string(), LevelSchema), total: z.number().int() })
  .openapi("LoggersSummary");

export const SubsystemsSchema = z
  .object({ subsystems: z.record(z.string(), LevelSchema.extend({ title: z.string(), category: z.string(), description: z.string() })) })
  .openapi("SubsystemSummary");

export const ClusterLoggersSchema = z.record(z.string(), LoggersSchema).openapi("ClusterLoggers");
export const ClusterSubsystemsSchema = z.record(z.string(), SubsystemsSchema).openapi("ClusterSubsystems");

export const LogMessageSchema = z
  .object({ timestamp: z.string(), level: z.string(), logger_name: z.string(), message: z.string() })
  .openapi("InternalLogMessage");

export const RecentLogMessagesSchema = z.object({ messages: z.array(LogMessageSchema), total: z.number().int() }).openapi("LogMessagesSummary");

export const RecentLogMessagesQuerySchema = z.object({
  limit: z.coerce.number({ message: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1")
    .max(5000, "limit must be at most 5000").default(500).openapi({ param: { name: "limit", in: "query" } }),
});

export type LogMessage = z.infer<typeof LogMessageSchema>;

/** This node's loggers: their levels, changeable at runtime, and the recent lines they wrote. */
export interface LoggingBackend {
  /** Every logger that has a level set or has logged, with its effective level. */
  loggers(): Record<string, LogLevel>;
  subsystemLevels(): Record<LoggingSubsystem, LogLevel>;
  setLoggerLevel(name: string, level: LogLevel): void;
  setSubsystemLevel(subsystem: LoggingSubsystem, level: LogLevel): void;
  /** The newest lines, oldest first. */
  recent(limit: number): LogMessage[];
}
