import type { SearchesClusterConfig } from "./cluster-config.ts";
import { DEFAULT_RELATIVE_TIMERANGE_OPTIONS } from "./relative-timerange-options.ts";

/**
 * The search cluster config's shipped defaults (spec 001 §3), apart from cluster-config.ts's zod schemas: the
 * search page falls back to them for users who may not read the config, without importing zod (issue 4 item 10).
 */
export const SEARCHES_CLUSTER_CONFIG_DEFAULTS = {
  query_time_range_limit: "PT0S",
  relative_timerange_options: DEFAULT_RELATIVE_TIMERANGE_OPTIONS,
  surrounding_timerange_options: {
    PT1S: "1 second",
    PT5S: "5 seconds",
    PT10S: "10 seconds",
    PT30S: "30 seconds",
    PT1M: "1 minute",
    PT5M: "5 minutes",
  },
  surrounding_filter_fields: ["file", "source", "gl2_source_input", "source_file"],
  analysis_disabled_fields: ["full_message", "message"],
  default_auto_refresh_option: "PT5S",
  auto_refresh_timerange_options: {
    PT1S: "1 second",
    PT2S: "2 seconds",
    PT5S: "5 seconds",
    PT10S: "10 seconds",
    PT30S: "30 seconds",
    PT1M: "1 minute",
    PT5M: "5 minutes",
  },
} satisfies SearchesClusterConfig;
