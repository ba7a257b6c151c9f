/**
 * The UI customization (Graylog's `org.graylog2.configuration.Customization` cluster config): a header badge, e.g.
 * 'PROD', shown in the top navigation so that people know which installation they are on. Zod-free, so the backend
 * and the browser share it.
 */
export interface CustomizationConfig {
  badge_text: string | null;
  badge_color: string;
  badge_enable: boolean;
}

export const CUSTOMIZATION_CONFIG_CLASS = "org.graylog2.configuration.Customization" as const;

/** Graylog's form starts from 'PROD', off; the colour is a CSS hex colour (Graylog's colour picker writes hex). */
export const CUSTOMIZATION_DEFAULTS: CustomizationConfig = { badge_text: "PROD", badge_color: "#1971c2", badge_enable: false };

/** Graylog's form says a badge text should be at most five characters long. */
export const MAX_BADGE_TEXT_LENGTH = 5;

/** The badge the navigation shows, or null while the customization switches it off. */
export function headerBadge(config: CustomizationConfig | undefined): { text: string; color: string } | null {
  if (!config?.badge_enable || !config.badge_text) return null;
  return { text: config.badge_text, color: config.badge_color };
}
