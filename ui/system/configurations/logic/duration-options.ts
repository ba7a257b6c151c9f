import { isIsoDuration } from "./durations.ts";

/** Option lists (duration → label) edited as text, one "PT5M = 5 minutes" a line. */
export function optionsToText(options: Record<string, string>): string {
  return Object.entries(options).map(([period, label]) => `${period} = ${label}`).join("\n");
}

/** Parses the lines back; the error names the first bad line. */
export function textToOptions(text: string): { options: Record<string, string> } | { error: string } {
  const options: Record<string, string> = {};
  for (const [position, line] of text.split("\n").map((l) => l.trim()).entries()) {
    if (line === "") continue;
    const [period, ...label] = line.split("=");
    const key = period.trim();
    if (!isIsoDuration(key) || label.join("=").trim() === "") {
      return { error: `Line ${position + 1} must read like "PT5M = 5 minutes"` };
    }
    options[key] = label.join("=").trim();
  }
  return Object.keys(options).length > 0 ? { options } : { error: "At least one option is required" };
}

/** Comma-separated field names, trimmed, without empties. */
export function fieldList(text: string): string[] {
  return text.split(",").map((field) => field.trim()).filter((field) => field !== "");
}
