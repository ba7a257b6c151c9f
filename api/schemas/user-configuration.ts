import { z } from "@hono/zod-openapi";
import dayjs from "dayjs";
import duration from "dayjs/plugin/duration.js";

dayjs.extend(duration);

/**
 * The users' cluster settings (spec 002 §7 cluster configs): the global session timeout (Graylog's
 * `UserConfiguration`) and whom entities may be shared with (`UserAndTeamsConfig`).
 */
export { USER_AND_TEAMS_CONFIG_CLASS, USER_CONFIGURATION_CLASS } from "../../shared/cluster-config-classes.ts";

/** An ISO-8601 duration in milliseconds (PT1H → 3,600,000); NaN when the text is not one. */
export function isoDurationMs(text: string): number {
  if (!/^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/.test(text)) return Number.NaN;
  return dayjs.duration(text).asMilliseconds();
}

/** Graylog's bounds on a session timeout: at least a minute, at most a year. */
const MIN_TIMEOUT_MS = 60_000;
const MAX_TIMEOUT_MS = 365 * 24 * 3600_000;

export const UserConfigurationSchema = z
  .object({
    enable_global_session_timeout: z.boolean({ message: "enable_global_session_timeout must be true or false" }),
    global_session_timeout_interval: z
      .string({ message: "global_session_timeout_interval is required" })
      .max(50)
      .refine((text) => {
        const ms = isoDurationMs(text);
        return ms >= MIN_TIMEOUT_MS && ms <= MAX_TIMEOUT_MS;
      }, "global_session_timeout_interval must be an ISO-8601 duration (days, hours, minutes, seconds) between one minute and a year, e.g. PT1H"),
  })
  .strict()
  .openapi("UserConfiguration");
export type UserConfiguration = z.infer<typeof UserConfigurationSchema>;

/** Spec 002 §7: the global timeout is off by default; its interval defaults to one hour. */
export const USER_CONFIGURATION_DEFAULTS: UserConfiguration = { enable_global_session_timeout: false, global_session_timeout_interval: "PT1H" };

export const UserAndTeamsConfigSchema = z
  .object({
    allow_sharing_with_everyone: z.boolean({ message: "allow_sharing_with_everyone must be true or false" }),
    allow_sharing_with_users: z.boolean({ message: "allow_sharing_with_users must be true or false" }),
  })
  .strict()
  .openapi("UserAndTeamsConfig");
export type UserAndTeamsConfig = z.infer<typeof UserAndTeamsConfigSchema>;

/** Both default to allowed when never configured (spec 002 §7). */
export const USER_AND_TEAMS_CONFIG_DEFAULTS: UserAndTeamsConfig = { allow_sharing_with_everyone: true, allow_sharing_with_users: true };

/** The session timeout that applies: the global one when enabled, otherwise the user's own. */
export function effectiveSessionTimeoutMs(config: UserConfiguration, userTimeoutMs: number): number {
  return config.enable_global_session_timeout ? isoDurationMs(config.global_session_timeout_interval) : userTimeoutMs;
}
