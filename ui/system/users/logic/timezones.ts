/** The time zones a user may choose (IANA names the browser and the server both know), with "UTC" first. */
export const TIMEZONE_OPTIONS: readonly string[] = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
