/**
 * Empty-state texts of spec 000 §8, verbatim, so every list and table says "nothing here" the same way.
 */
export const NO_DATA_AVAILABLE = "No data available.";
export const NO_ITEMS_FOUND = "No items found to display.";
export const NO_ENTITIES_EXIST = "No entities exist.";
export const NO_ITEMS_AVAILABLE = "No items available";
export const NO_ITEMS_TO_DISPLAY = "No items to display";
export const NO_OPTIONS = "No Options";
export const FILTER_MATCHES_NOTHING = "Filter does not match any data.";
/** Label for an empty value (spec 000 §9). */
export const EMPTY_VALUE_LABEL = "(Empty Value)";
