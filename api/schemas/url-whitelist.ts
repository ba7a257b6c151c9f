import { z } from "@hono/zod-openapi";

/**
 * Graylog's URL allow-list (cluster config class `UrlWhitelist`): outgoing URLs (HTTP notifications, Slack webhooks,
 * HTTP lookup adapters) must match one of its entries unless it is disabled. Graylog starts enabled with no
 * entries, so nothing is allowed until an administrator adds one.
 */
export const URL_WHITELIST_CONFIG_CLASS = "org.graylog2.system.urlwhitelist.UrlWhitelist" as const;

export const UrlWhitelistEntrySchema = z
  .object({
    id: z.string().min(1).max(100),
    title: z.string().trim().min(1, "Required field").max(1000),
    value: z.string().min(1).max(2000),
    type: z.enum(["literal", "regex"], { message: "type must be literal or regex" }),
  })
  .strict();

export const UrlWhitelistSchema = z
  .object({ entries: z.array(UrlWhitelistEntrySchema).max(1000), disabled: z.boolean() })
  .strict()
  .openapi("UrlWhitelist");
export type UrlWhitelist = z.infer<typeof UrlWhitelistSchema>;

export const URL_WHITELIST_DEFAULTS: UrlWhitelist = { entries: [], disabled: false };

/** Whether `url` passes the allow-list: a literal entry equals it, a regex entry matches all of it. */
export function isWhitelisted(whitelist: UrlWhitelist, url: string): boolean {
  if (whitelist.disabled) return true;
  return whitelist.entries.some((entry) => {
    if (entry.type === "literal") return entry.value === url;
    try {
      return new RegExp(`^(?:${entry.value})$`).test(url);
    } catch {
      return false;
    }
  });
}
