import { CUSTOMIZATION_CONFIG_CLASS, type CustomizationConfig, MAX_BADGE_TEXT_LENGTH } from "../../../../shared/customization-config.ts";

/** The customization section's texts (Graylog's UI customization form; the failure toast of spec 002 §8). */
export const CUSTOMIZATION_TEXTS = {
  title: "UI Customization",
  enableLabel: "Enable Header Badge",
  enableHelp: "Activate Header Badge",
  textLabel: "Badge Text",
  textHelp: "The text of the badge. Not more than five characters.",
  colorLabel: "Background",
  noBadge: "No badge defined",
  failureTitle: `Could not update customization: ${CUSTOMIZATION_CONFIG_CLASS}`,
} as const;

/** The badge text's problem, or null: at most five characters, and some text while the badge is on. */
export function badgeTextProblem(config: CustomizationConfig): string | null {
  const text = config.badge_text ?? "";
  if (text.length > MAX_BADGE_TEXT_LENGTH) return "Should be maximum 5 characters long";
  if (config.badge_enable && text.trim() === "") return "An enabled badge needs a text";
  return null;
}

/** Whether a colour is a CSS hex colour the server accepts (#rgb or #rrggbb). */
export function isBadgeColor(color: string): boolean {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(color);
}

/** The failure toast's message (spec 002 §8: 'Update failed: ...'). */
export function customizationFailure(reason: string): string {
  return `Update failed: ${reason}`;
}

