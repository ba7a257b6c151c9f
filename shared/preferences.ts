/**
 * User preferences arrive as a string map from older servers; the strings "true" and "false" become booleans
 * (spec 000 §3). Everything else is kept as it is.
 */
export type PreferenceValue = string | number | boolean | null;
export type Preferences = Record<string, PreferenceValue>;

export function convertPreferences(raw: Record<string, unknown> | null | undefined): Preferences {
  const result: Preferences = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (value === "true") result[key] = true;
    else if (value === "false") result[key] = false;
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) {
      result[key] = value;
    } else result[key] = JSON.stringify(value);
  }
  return result;
}
