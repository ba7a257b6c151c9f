import { postedQueryOptions } from "../../api/resource-query.ts";
import { type SourceRange, SOURCES_LIMIT } from "./logic/source-ranges.ts";

/** Message counts per source over a relative range, from the message store (Graylog's aggregate call). */
export const sourceCountsQueryOptions = (range: SourceRange) =>
  postedQueryOptions("/search/aggregate", {
    body: {
      query: "",
      streams: [],
      timerange: { type: "relative", range: Number(range) },
      group_by: [{ field: "source", limit: SOURCES_LIMIT }],
      metrics: [{ function: "count" }],
    },
  });
