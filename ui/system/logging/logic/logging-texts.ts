import { LOG_LEVELS, type LogLevel } from "../../../../api/schemas/logging.ts";

/** The levels a subsystem or logger can be set to, as the selector lists them (Graylog's order). */
export const LEVEL_OPTIONS: { value: LogLevel; label: string }[] = LOG_LEVELS.map((level) => ({ value: level, label: level.toUpperCase() }));

/** A wire level ("DEBUG") as the selector's value ("debug"); an unknown one reads as INFO. */
export function levelValue(wire: string): LogLevel {
  const level = wire.toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : "info";
}

const units = ["B", "KiB", "MiB", "GiB"] as const;

/** A bundle's size in bytes, readable: "812 B", "14.2 KiB". */
export function formatBundleSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}

export const LOGGING_TEXTS = {
  description: "This section controls logging of the Sluice architecture and allows you to configure global as well as subsystem specific log levels.",
  levelChanged: (title: string, level: string) => `Changed the log level of subsystem ${title} to ${level.toUpperCase()}.`,
  supportBundleDescription:
    "Collect debugging information of your cluster in one file to share with support: the server log, each node's system overview, JVM, metrics, thread and process-buffer dumps, and the search cluster's statistics.",
  noBundles: "No support bundles have been created yet.",
  bundleCreated: "Support bundle created.",
  bundleDeleted: (name: string) => `Support bundle ${name} deleted.`,
  confirmDelete: (name: string) => `Do you really want to delete the support bundle ${name}?`,
  noLogLines: "The server has not written any log lines yet.",
} as const;
