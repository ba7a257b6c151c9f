import { queryOptions } from "@tanstack/react-query";
import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type { SearchesClusterConfig } from "../../api/schemas/cluster-config.ts";
import { apiQueryOptions } from "../api/api-query.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";
import { type ApiTransport, browserTransport } from "./api-transport.ts";
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
  config: ["search", "cluster-config"] as const,
  fields: (streams: readonly string[], range: TimeRangeState) => ["search", "fields", streams, range] as const,
};

/**
 * The search configuration (time range presets and limit, surrounding-search options). Still on the untyped
 * `apiQueryOptions`: the typed client answers the generic cluster config path with the union of every config
 * class, which the page would have to narrow first.
 */
export const searchConfigQueryOptions = () =>
  apiQueryOptions<SearchesClusterConfig>(searchSupportKeys.config, `/system/cluster_config/${SEARCH_CONFIG_CLASS}`, {
    staleTime: 300_000,
  });

/** The streams the user may search (GET /streams); typed by the API client. */
export const streamsQueryOptions = () => resourceQueryOptions("/streams", undefined, { staleTime: 300_000 });

/** The body of POST /views/fields. */
const fieldTypesRequest = (streams: readonly string[], range: TimeRangeState, timezone: string) => ({
  streams,
  timerange: toWireTimeRange(range, timezone),
});

/** POST /views/fields for the chosen streams and time range (field lists, field-name completion). */
export const fieldTypesQueryOptions = (
  streams: readonly string[],
  range: TimeRangeState,
  timezone: string,
  transport: ApiTransport = browserTransport,
) =>
  queryOptions({
    queryKey: searchSupportKeys.fields(streams, range),
    queryFn: ({ signal }) =>
      transport<FieldTypeMapping[]>("POST", "/views/fields", fieldTypesRequest(streams, range, timezone), signal),
    staleTime: FIELD_TYPES_STALE_MS,
  });
