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
      return new RegExp(`^(?:${javaRegexSource(entry.value)})$`).test(url);
    } catch {
      return false;
    }
  });
}

export const WhitelistCheckRequestSchema = z
  .object({ url: z.string({ message: "url is required" }).min(1, "url must not be empty").max(2000) })
  .strict()
  .openapi("WhitelistCheckRequest");

export const WhitelistCheckResponseSchema = z
  .object({ url: z.string(), is_whitelisted: z.boolean() })
  .openapi("WhitelistCheckResponse");

export const WhitelistRegexGenerationRequestSchema = z
  .object({
    url_template: z.string({ message: "url_template is required" }).min(1, "url_template must not be empty").max(2000),
    placeholder: z.string().max(100).nullish(),
  })
  .strict()
  .openapi("WhitelistRegexGenerationRequest");

export const WhitelistRegexGenerationResponseSchema = z.object({ regex: z.string() }).openapi("WhitelistRegexGenerationResponse");

/**
 * Graylog's regex for a URL template: the text around the placeholder quoted literally, the placeholder itself
 * any characters (`.*?`). Without a placeholder the whole template is quoted.
 */
export function templateRegex(template: string, placeholder: string | null | undefined): string {
  const quote = (text: string) => (text === "" ? "" : `\\Q${text}\\E`);
  if (!placeholder) return `^${quote(template)}$`;
  return `^${template.split(placeholder).map(quote).join(".*?")}$`;
}

/** Refusals of an allow-list: a literal that is not an http(s) URL, a regex that does not compile. */
export function whitelistProblems(whitelist: UrlWhitelist): string[] {
  return whitelist.entries.flatMap((entry, position) => {
    if (entry.type === "literal") {
      return isHttpUrl(entry.value) ? [] : [`entries.${position}.value: Not a valid URL`];
    }
    try {
      new RegExp(javaRegexSource(entry.value));
      return [];
    } catch {
      return [`entries.${position}.value: Not a valid Java regular expression`];
    }
  });
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A Java pattern's `\Q…\E` quoting turned into JavaScript escapes (the rest of the syntax is shared). */
export function javaRegexSource(pattern: string): string {
  return pattern.replace(/\\Q([\s\S]*?)(?:\\E|$)/g, (_, literal: string) => literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
}
