/**
 * The extractors API from the UI, through the typed client: an input's extractors, an example message (the
 * input's newest, or one by index and id), the §7 Tools testers, and the calls that create, change, order and
 * delete extractors.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { CreateExtractorRequest } from "../../../../api/schemas/extractors.ts";
import { apiCall, apiRequest } from "../../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../../api/resource-query.ts";
import type { TesterCall } from "./logic/extractor-try.ts";

const byInput = (inputId: string) => ({ path: { inputId } });

export const inputQueryOptions = (inputId: string) => resourceQueryOptions("/system/inputs/{inputId}", byInput(inputId));
export const extractorsQueryOptions = (inputId: string) => resourceQueryOptions("/system/inputs/{inputId}/extractors", byInput(inputId));
export const extractorQueryOptions = (inputId: string, extractorId: string) =>
  resourceQueryOptions("/system/inputs/{inputId}/extractors/{extractorId}", { path: { inputId, extractorId } });
/** The newest message the input received ('Load recent message'). */
export const recentMessageQueryOptions = (inputId: string) =>
  resourceQueryOptions("/search/universal/relative", {
    query: { query: `gl2_source_input:${inputId}`, range: 0, limit: 1, sort: "timestamp:desc" },
  }, { staleTime: 0 });
/** The example message an extractor is made from (`example_index`, `example_id` of the new-extractor page). */
export const exampleMessageQueryOptions = (index: string, messageId: string) =>
  resourceQueryOptions("/messages/{index}/{messageId}", { path: { index, messageId } });

export const createExtractor = (inputId: string, body: CreateExtractorRequest) =>
  apiCall("post", "/system/inputs/{inputId}/extractors", { params: byInput(inputId), body });
export const updateExtractor = (inputId: string, extractorId: string, body: CreateExtractorRequest) =>
  apiCall("put", "/system/inputs/{inputId}/extractors/{extractorId}", { params: { path: { inputId, extractorId } }, body });
export const deleteExtractor = (inputId: string, extractorId: string) =>
  apiCall("delete", "/system/inputs/{inputId}/extractors/{extractorId}", { params: { path: { inputId, extractorId } } });
export const orderExtractors = (inputId: string, ids: readonly string[]) =>
  apiCall("post", "/system/inputs/{inputId}/extractors/order", {
    params: byInput(inputId),
    body: { order: Object.fromEntries(ids.map((id, at) => [String(at), id])) },
  });

/** Runs a tester call of §7 Tools ('Try'). */
export const runTester = (call: TesterCall) =>
  // The tester's body is built per extractor type (logic/extractor-try.ts); the typed client checks the path.
  apiRequest("post", call.path, { body: call.body as never });

export async function invalidateExtractors(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/inputs/{inputId}/extractors") });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/inputs/{inputId}/extractors/{extractorId}") });
}
