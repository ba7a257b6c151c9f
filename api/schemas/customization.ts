import { z } from "@hono/zod-openapi";
import { CUSTOMIZATION_CONFIG_CLASS, CUSTOMIZATION_DEFAULTS, MAX_BADGE_TEXT_LENGTH } from "../../shared/customization-config.ts";

/** The UI customization cluster config (spec 002 §7 "Customization"): the header badge's text, colour and switch. */
export const CustomizationConfigSchema = z
  .object({
    badge_text: z.string().max(MAX_BADGE_TEXT_LENGTH, `badge_text must be at most ${MAX_BADGE_TEXT_LENGTH} characters long`).nullable(),
    badge_color: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "badge_color must be a hex colour such as #1971c2"),
    badge_enable: z.boolean({ message: "badge_enable must be true or false" }),
  })
  .strict()
  .refine((config) => !config.badge_enable || (config.badge_text ?? "").trim() !== "", {
    message: "badge_text must not be empty while the badge is enabled",
    path: ["badge_text"],
  })
  .openapi("Customization");

export { CUSTOMIZATION_CONFIG_CLASS, CUSTOMIZATION_DEFAULTS };
