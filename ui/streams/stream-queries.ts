/**
 * The streams API from the UI, through the typed client: query options per resource (keys `[path, params]`) and
 * the calls that change streams and rules. Every change invalidates every stream query.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import { createGrn } from "../../shared/grn.ts";
import { apiCall } from "../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../api/resource-query.ts";
import { type StreamPageParams, streamPageQuery } from "./logic/stream-list.ts";

/** GET /streams/paginated: one page of streams; the previous page stays while the next loads. */
export const streamPageQueryOptions = (params: StreamPageParams) => ({
  ...resourceQueryOptions("/streams/paginated", { query: streamPageQuery(params) }),
  placeholderData: keepPreviousData,
});

export const streamQueryOptions = (streamId: string) => resourceQueryOptions("/streams/{streamId}", { path: { streamId } });
/** GET /messages/{index}/{id}: the example message of /streams/{id}/edit?index=&message_id=. */
export const exampleMessageQueryOptions = (index: string, messageId: string) =>
  resourceQueryOptions("/messages/{index}/{messageId}", { path: { index, messageId } });
export const favoritesQueryOptions = () => resourceQueryOptions("/favorites");
/** GET /streams: every readable stream (the index sets the form offers are those the streams use). */
export const allStreamsQueryOptions = () => resourceQueryOptions("/streams");

/** GET /system/indices/index_sets: the index sets a stream may store in, with their titles (needs indices:read). */
export const indexSetsQueryOptions = () => resourceQueryOptions("/system/indices/index_sets", { query: {} });

const byId = (streamId: string) => ({ path: { streamId } });

export interface StreamBody {
  title: string;
  description: string;
  index_set_id: string;
  remove_matches_from_default_stream: boolean;
}

export const createStream = (body: StreamBody) => apiCall("post", "/streams", { body: { ...body, matching_type: "AND" } });
export const updateStream = (streamId: string, body: Partial<StreamBody> & { matching_type?: "AND" | "OR" }) =>
  apiCall("put", "/streams/{streamId}", { params: byId(streamId), body });
export const cloneStream = (streamId: string, body: StreamBody) => apiCall("post", "/streams/{streamId}/clone", { params: byId(streamId), body });
export const deleteStream = (streamId: string) => apiCall("delete", "/streams/{streamId}", { params: byId(streamId) });
export const pauseStream = (streamId: string) => apiCall("post", "/streams/{streamId}/pause", { params: byId(streamId) });
export const resumeStream = (streamId: string) => apiCall("post", "/streams/{streamId}/resume", { params: byId(streamId) });

const BULK_PATHS = { delete: "/streams/bulk_delete", pause: "/streams/bulk_pause", resume: "/streams/bulk_resume" } as const;
export type BulkStreamAction = keyof typeof BULK_PATHS;
export const bulkStreams = (action: BulkStreamAction, ids: string[]) => apiCall("post", BULK_PATHS[action], { body: { entity_ids: ids } });

export interface RuleBody {
  type: number;
  field: string;
  value: string;
  inverted: boolean;
  description: string;
}

export const createRule = (streamId: string, body: RuleBody) => apiCall("post", "/streams/{streamId}/rules", { params: byId(streamId), body });
export const updateRule = (streamId: string, ruleId: string, body: RuleBody) =>
  apiCall("put", "/streams/{streamId}/rules/{ruleId}", { params: { path: { streamId, ruleId } }, body });
export const deleteRule = (streamId: string, ruleId: string) =>
  apiCall("delete", "/streams/{streamId}/rules/{ruleId}", { params: { path: { streamId, ruleId } } });
export const testMatch = (streamId: string, message: Record<string, unknown>) =>
  apiCall("post", "/streams/{streamId}/testMatch", { params: byId(streamId), body: { message } });

export const setStreamFavorite = (streamId: string, favorite: boolean) =>
  apiCall(favorite ? "put" : "delete", "/favorites/{grn}", { params: { path: { grn: createGrn("stream", streamId) } } });

export async function invalidateStreams(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/streams/paginated") }),
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/streams") }),
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/streams/{streamId}") }),
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/favorites") }),
  ]);
}
