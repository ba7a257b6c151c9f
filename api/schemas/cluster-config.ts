import { z } from "@hono/zod-openapi";
import { SEARCHES_CLUSTER_CONFIG_DEFAULTS } from "./cluster-config-defaults.ts";
import { MAX_CONFIG_KEY_LENGTH, MAX_CONFIG_LIST_ITEMS } from "./configuration-bounds.ts";
import {
  MESSAGE_PROCESSORS_CONFIG_CLASS,
  MESSAGE_PROCESSORS_CONFIG_DEFAULTS,
  MessageProcessorsConfigSchema,
} from "./message-processors.ts";
import { URL_WHITELIST_CONFIG_CLASS, URL_WHITELIST_DEFAULTS, UrlWhitelistSchema } from "./url-whitelist.ts";
import { INDEX_SET_DEFAULTS, INDEX_SET_DEFAULTS_CONFIG_CLASS, IndexSetDefaultsSchema } from "./index-sets.ts";
import {
  USER_AND_TEAMS_CONFIG_CLASS,
  USER_AND_TEAMS_CONFIG_DEFAULTS,
  USER_CONFIGURATION_CLASS,
  USER_CONFIGURATION_DEFAULTS,
  UserAndTeamsConfigSchema,
  UserConfigurationSchema,
} from "./user-configuration.ts";
import { THREAT_INTEL_CONFIG_CLASS, THREAT_INTEL_DEFAULTS, ThreatIntelConfigSchema } from "./threat-intel.ts";
import { CUSTOMIZATION_CONFIG_CLASS, CUSTOMIZATION_DEFAULTS, CustomizationConfigSchema } from "./customization.ts";

/** An ISO-8601 duration such as PT5M, P1D or PT0S (all time). */
export const IsoDurationSchema = z
  .string()
  .regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, "must be an ISO-8601 duration such as PT5M or P1D");

const DurationOptions = z
  .record(IsoDurationSchema.max(100), z.string().min(1).max(200))
  .refine((options) => Object.keys(options).length <= MAX_CONFIG_LIST_ITEMS, `at most ${MAX_CONFIG_LIST_ITEMS} options`);

const FieldNames = z.array(z.string().min(1).max(MAX_CONFIG_KEY_LENGTH)).max(MAX_CONFIG_LIST_ITEMS);

/** The search cluster config (spec 001 §3): range presets, limits, surrounding search, auto refresh. */
export const SearchesClusterConfigSchema = z
  .object({
    query_time_range_limit: IsoDurationSchema,
    relative_timerange_options: DurationOptions,
    surrounding_timerange_options: DurationOptions,
    surrounding_filter_fields: FieldNames,
    analysis_disabled_fields: FieldNames,
    default_auto_refresh_option: IsoDurationSchema,
    auto_refresh_timerange_options: DurationOptions,
  })
  .strict()
  .openapi("SearchesClusterConfig");

export type SearchesClusterConfig = z.infer<typeof SearchesClusterConfigSchema>;

/** Cluster config classes by their Graylog class name; each has a schema and a default. */
export const CLUSTER_CONFIGS = {
  "org.graylog2.indexer.searches.SearchesClusterConfig": {
    schema: SearchesClusterConfigSchema,
    defaults: SEARCHES_CLUSTER_CONFIG_DEFAULTS,
  },
  [MESSAGE_PROCESSORS_CONFIG_CLASS]: {
    schema: MessageProcessorsConfigSchema,
    defaults: MESSAGE_PROCESSORS_CONFIG_DEFAULTS,
  },
  [URL_WHITELIST_CONFIG_CLASS]: { schema: UrlWhitelistSchema, defaults: URL_WHITELIST_DEFAULTS },
  [INDEX_SET_DEFAULTS_CONFIG_CLASS]: {
    schema: IndexSetDefaultsSchema,
    defaults: INDEX_SET_DEFAULTS,
  },
  [USER_CONFIGURATION_CLASS]: { schema: UserConfigurationSchema, defaults: USER_CONFIGURATION_DEFAULTS },
  [USER_AND_TEAMS_CONFIG_CLASS]: { schema: UserAndTeamsConfigSchema, defaults: USER_AND_TEAMS_CONFIG_DEFAULTS },
  [THREAT_INTEL_CONFIG_CLASS]: { schema: ThreatIntelConfigSchema, defaults: THREAT_INTEL_DEFAULTS },
  [CUSTOMIZATION_CONFIG_CLASS]: { schema: CustomizationConfigSchema, defaults: CUSTOMIZATION_DEFAULTS },
} as const;

// The defaults live in a zod-free module so the browser can have them without zod.
export { SEARCHES_CLUSTER_CONFIG_DEFAULTS } from "./cluster-config-defaults.ts";

export type ClusterConfigClass = keyof typeof CLUSTER_CONFIGS;

export function isClusterConfigClass(name: string): name is ClusterConfigClass {
  return Object.hasOwn(CLUSTER_CONFIGS, name);
}

export const NaturalDateSchema = z
  .object({ from: z.string(), to: z.string(), timezone: z.string() })
  .openapi("NaturalDate");
