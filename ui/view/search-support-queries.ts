import { queryOptions } from "@tanstack/react-query";
import type { SearchesClusterConfig } from "../../api/schemas/cluster-config.ts";
import { type ApiData, apiRequest, type ApiRequester } from "../api/api-client.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";
import { toWireTimeRange } from "./search-request.ts";
import type { TimeRangeState } from "./url-state.ts";

/**
 * What every view's page reads besides its job: the streams the user may search, the search configuration (time
 * range presets, limits) and the field types of the searched streams and range.
 */

/** Field types are cached about 30 s (spec 001 §7). */
export const FIELD_TYPES_STALE_MS = 30_000;

export const SEARCH_CONFIG_CLASS = "org.graylog2.indexer.searches.SearchesClusterConfig";

export const searchSupportKeys = {
  fields: (streams: readonly string[], range: TimeRangeState) => ["search", "fields", streams, range] as const,
};

/** Any cluster config document, as GET /system/cluster_config/{configClass} answers one (an open object). */
type ClusterConfigAnswer = ApiData<"get", "/system/cluster_config/{configClass}">;

/** Whether a cluster config document is the search configuration: its limit a duration, its option lists lists. */
function isSearchesConfig(config: ClusterConfigAnswer): config is SearchesClusterConfig {
  return typeof config.query_time_range_limit === "string" && typeof config.default_auto_refresh_option === "string" &&
    ["relative_timerange_options", "surrounding_timerange_options", "auto_refresh_timerange_options"]
      .every((key) => typeof config[key] === "object" && config[key] !== null) &&
    Array.isArray(config.surrounding_filter_fields) && Array.isArray(config.analysis_disabled_fields);
}

/**
 * The search configuration (time range presets and limit, surrounding-search options): the cluster config path
 * answers any config class, so the answer is narrowed to the searches config (null should it be another).
 */
export const searchConfigQueryOptions = () => ({
  ...resourceQueryOptions("/system/cluster_config/{configClass}", { path: { configClass: SEARCH_CONFIG_CLASS } }, {
    staleTime: 300_000,
  }),
  select: (config: ClusterConfigAnswer) => (isSearchesConfig(config) ? config : null),
});

/** The streams the user may search (GET /streams); typed by the API client. */
export const streamsQueryOptions = () => resourceQueryOptions("/streams", undefined, { staleTime: 300_000 });

/** POST /views/fields for the chosen streams and time range (field lists, field-name completion). */
export const fieldTypesQueryOptions = (
  streams: readonly string[],
  range: TimeRangeState,
  timezone: string,
  request: ApiRequester = apiRequest,
) =>
  queryOptions({
    queryKey: searchSupportKeys.fields(streams, range),
    queryFn: ({ signal }) =>
      request("post", "/views/fields", { body: { streams: [...streams], timerange: toWireTimeRange(range, timezone) } }, { signal }),
    staleTime: FIELD_TYPES_STALE_MS,
  });
