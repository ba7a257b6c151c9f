import type { Database } from "../database.ts";

/** Graylog's URL whitelist cluster configuration, where adapters fetching URLs are checked. */
export const URL_WHITELIST_CONFIG_CLASS = "org.graylog2.system.urlwhitelist.UrlWhitelist";

interface UrlWhitelist {
  entries?: { value?: unknown; type?: unknown }[];
  disabled?: boolean;
}

/**
 * Whether the URL allow-list (spec 002 §3 "URL whitelist": literal or regex entries, a disabled flag) permits
 * `url`. As in Graylog, a literal entry must equal the URL, a regex entry must match all of it, and a list that
 * was never saved is enabled and empty: nothing is fetched until an administrator allows it.
 */
export async function urlAllowed(db: Database, url: string): Promise<boolean> {
  const row = await db.first<{ value: string }>("SELECT value::VARCHAR AS value FROM cluster_config WHERE name = ?", [
    URL_WHITELIST_CONFIG_CLASS,
  ]);
  const list: UrlWhitelist = row ? JSON.parse(row.value) : {};
  if (list.disabled === true) return true;
  return (list.entries ?? []).some((entry) => {
    if (typeof entry.value !== "string") return false;
    if (entry.type === "regex") {
      try {
        return new RegExp(`^(?:${entry.value})$`).test(url);
      } catch {
        return false;
      }
    }
    return entry.value === url;
  });
}
