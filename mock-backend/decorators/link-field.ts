import type { DecoratedLink } from "../../api/schemas/decorators.ts";
import { configField, type DecoratorType, textSetting } from "./decorator-type.ts";

/** Only these schemes become links: `javascript:`, `data:` and the like stay plain text. */
const LINK_PROTOCOLS = new Set(["http:", "https:"]);

/** The link for a field value when it is an absolute http(s) URL, else null. */
export function linkFor(value: unknown): DecoratedLink | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!URL.canParse(text)) return null;
  return LINK_PROTOCOLS.has(new URL(text).protocol) ? { type: "a", href: text } : null;
}

/** Turns a field holding an http(s) URL into a link (Graylog's `{type: "a", href}` value). */
export const linkField: DecoratorType = {
  id: "org.graylog2.decorators.LinkFieldDecorator",
  name: "Hyperlink String",
  description: "Shows a field holding an http or https URL as a link; other values stay as they are.",
  configuration: {
    link_field: configField({
      type: "text",
      human_name: "Link field",
      description: "The field whose value is a URL.",
      position: 1,
    }),
  },
  decorate(fields, config) {
    const name = textSetting(config, "link_field");
    const link = name === "" ? null : linkFor(fields[name]);
    return link ? { ...fields, [name]: link } : { ...fields };
  },
};
