/**
 * Sane maxima for configurable values (decorator configurations, cluster configs, preferences): configuration
 * is small by nature, and an unbounded value is a way to make every user's pages heavy (a 1 MB format string
 * grew every decorated message by megabytes). A value beyond them is refused with 400 naming the field.
 */

/** Characters of one configurable text (a format string, a field name, a URL template, a list entry). */
export const MAX_CONFIG_TEXT_LENGTH = 2_000;
/** Entries of one configurable list or map. */
export const MAX_CONFIG_LIST_ITEMS = 100;
/** Characters of a configuration key (a field or option name). */
export const MAX_CONFIG_KEY_LENGTH = 200;
