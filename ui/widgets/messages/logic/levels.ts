/** Syslog severities (RFC 5424) for level colouring of messages (beyond Graylog). */
export const LEVEL_NAMES = ["Emergency", "Alert", "Critical", "Error", "Warning", "Notice", "Informational", "Debug"] as const;

export type LevelTone = "error" | "warning" | "notice" | "info" | "debug";

export interface LevelInfo {
  value: number;
  name: (typeof LEVEL_NAMES)[number];
  tone: LevelTone;
}

/** Mantine colour per tone (both themes use Mantine's palette). */
export const LEVEL_COLORS: Record<LevelTone, string> = {
  error: "red",
  warning: "orange",
  notice: "yellow",
  info: "blue",
  debug: "gray",
};

const NAME_TO_LEVEL: Record<string, number> = {
  emerg: 0, emergency: 0, fatal: 0, panic: 0,
  alert: 1,
  crit: 2, critical: 2,
  err: 3, error: 3,
  warn: 4, warning: 4,
  notice: 5,
  info: 6, informational: 6,
  debug: 7, trace: 7,
};

/** The severity of a message from its `level` field (number or name) or `level_name`; null when unknown. */
export function levelOf(fields: Record<string, unknown>): LevelInfo | null {
  const value = severity(fields.level) ?? severity(fields.level_name) ?? severity(fields.severity);
  if (value === null) return null;
  const tone: LevelTone = value <= 3 ? "error" : value === 4 ? "warning" : value === 5 ? "notice" : value === 6 ? "info" : "debug";
  return { value, name: LEVEL_NAMES[value], tone };
}

function severity(raw: unknown): number | null {
  if (typeof raw === "number" && Number.isInteger(raw) && raw >= 0 && raw <= 7) return raw;
  if (typeof raw === "string") {
    const trimmed = raw.trim().toLowerCase();
    if (/^[0-7]$/.test(trimmed)) return Number(trimmed);
    return NAME_TO_LEVEL[trimmed] ?? null;
  }
  return null;
}
