/** The toast every configuration save shows (spec 002 §8). */
export const CONFIGURATION_UPDATED = "Configuration updated successfully";
