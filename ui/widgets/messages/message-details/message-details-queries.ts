import { queryOptions } from "@tanstack/react-query";
import { apiCall, type ApiData } from "../../../api/api-client.ts";
import { type MessageRow, toMessageRow } from "../logic/message-rows.ts";
import { neighbourMessages, neighbourSearch, NEWER_QUERY_ID, OLDER_QUERY_ID } from "../logic/neighbour-messages.ts";

/** Server calls of the message details: neighbours by position (a sync search) and the stream rule tester. */

export const messageDetailsKeys = {
  neighbours: (messageId: string, timestamp: string, n: number) => ["messages", "neighbours", messageId, timestamp, n] as const,
};

/** The n messages stored right before and after one (beyond Graylog), through POST /views/search/sync. */
export const neighbourMessagesQueryOptions = (message: Pick<MessageRow, "id" | "timestamp">, n: number) =>
  queryOptions({
    queryKey: messageDetailsKeys.neighbours(message.id, message.timestamp, n),
    queryFn: async ({ signal }) => {
      const job = await apiCall("post", "/views/search/sync", { body: neighbourSearch(message.timestamp, n) }, { signal });
      const side = (queryId: string) => {
        const result = job.results[queryId]?.search_types.neighbours;
        if (!result || result.type !== "messages") throw new Error(job.errors?.[0]?.description ?? "The surrounding messages could not be read.");
        return result.messages.map(toMessageRow);
      };
      return neighbourMessages(message.id, side(OLDER_QUERY_ID), side(NEWER_QUERY_ID), n);
    },
    staleTime: 60_000,
    retry: false,
  });

/** POST /streams/{streamId}/testMatch with the message's fields (Graylog's body shape). */
export function testMessageAgainstStream(
  streamId: string,
  fields: Record<string, unknown>,
): Promise<ApiData<"post", "/streams/{streamId}/testMatch">> {
  return apiCall("post", "/streams/{streamId}/testMatch", { params: { path: { streamId } }, body: { message: fields } });
}
