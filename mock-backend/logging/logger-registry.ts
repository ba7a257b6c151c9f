import { LOG_LEVELS, LOGGING_SUBSYSTEMS, type LoggingBackend, type LoggingSubsystem, type LogLevel, type LogMessage } from "../../api/schemas/logging.ts";

/** Where written lines go (the server's standard output). */
export type LogSink = (line: string) => void;

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

const RECENT_LINES = 2000;
const DEFAULT_LEVEL: LogLevel = "info";
const severity = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/**
 * The node's loggers (log4j's model): a line is written when its level is at least as severe as its logger's
 * effective level, which is the level set on the logger or on the nearest dotted prefix of its name (a subsystem
 * sets its category's), INFO by default. Levels change at runtime and apply to the next line.
 */
export class LoggerRegistry implements LoggingBackend {
  private readonly levels = new Map<string, LogLevel>();
  private readonly known = new Set<string>();
  private readonly lines: LogMessage[] = [];

  constructor(private readonly sink: LogSink = () => {}) {}

  logger(name: string): Logger {
    this.known.add(name);
    const write = (level: LogLevel) => (message: string) => this.write(name, level, message);
    return { error: write("error"), warn: write("warn"), info: write("info"), debug: write("debug") };
  }

  loggers(): Record<string, LogLevel> {
    const names = [...new Set([...this.known, ...this.levels.keys()])].sort();
    return Object.fromEntries(names.map((name) => [name, this.effectiveLevel(name)]));
  }

  subsystemLevels(): Record<LoggingSubsystem, LogLevel> {
    const subsystems = Object.keys(LOGGING_SUBSYSTEMS) as LoggingSubsystem[];
    return Object.fromEntries(subsystems.map((name) => [name, this.effectiveLevel(LOGGING_SUBSYSTEMS[name].category)])) as Record<LoggingSubsystem, LogLevel>;
  }

  setLoggerLevel(name: string, level: LogLevel): void {
    this.levels.set(name, level);
    this.write("org.graylog2.rest.resources.system.logs.LoggersResource", "info", `Set log level of <${name}> to <${level.toUpperCase()}>.`);
  }

  setSubsystemLevel(subsystem: LoggingSubsystem, level: LogLevel): void {
    const { category } = LOGGING_SUBSYSTEMS[subsystem];
    // A subsystem's level replaces the levels set below its category, as Graylog's does.
    for (const name of [...this.levels.keys()]) if (name.startsWith(`${category}.`)) this.levels.delete(name);
    this.setLoggerLevel(category, level);
  }

  recent(limit: number): LogMessage[] {
    return this.lines.slice(-limit);
  }

  private effectiveLevel(name: string): LogLevel {
    for (let prefix = name; prefix !== ""; prefix = prefix.includes(".") ? prefix.slice(0, prefix.lastIndexOf(".")) : "") {
      const level = this.levels.get(prefix);
      if (level) return level;
    }
    return DEFAULT_LEVEL;
  }

  private write(name: string, level: LogLevel, message: string): void {
    const threshold = this.effectiveLevel(name);
    if (threshold === "off" || severity(level) > severity(threshold)) return;
    const line: LogMessage = { timestamp: new Date().toISOString(), level: level.toUpperCase(), logger_name: name, message };
    this.lines.push(line);
    if (this.lines.length > RECENT_LINES) this.lines.splice(0, this.lines.length - RECENT_LINES);
    this.sink(`${line.timestamp} ${line.level.padEnd(5)} [${name.slice(name.lastIndexOf(".") + 1)}] ${message}`);
  }
}
