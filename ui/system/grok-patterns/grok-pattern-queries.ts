/**
 * The grok pattern API from the UI, through the typed client: query options per resource (keys `[path, params]`)
 * and the calls that change patterns. Every change invalidates every grok query.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { GrokImportStrategy } from "../../../api/schemas/grok.ts";
import type { GrokPatternDefinition } from "../../../shared/grok/pattern-file.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { type GrokPatternPageParams, grokPatternPageQuery } from "./logic/grok-pattern-list.ts";

/** GET /system/grok/paginated: one page of patterns; the previous page stays while the next loads. */
export const grokPatternPageQueryOptions = (params: GrokPatternPageParams) => ({
  ...resourceQueryOptions("/system/grok/paginated", { query: grokPatternPageQuery(params) }),
  placeholderData: keepPreviousData,
});

const byId = (patternId: string) => ({ path: { patternId } });

export const createGrokPattern = (body: GrokPatternDefinition) => apiCall("post", "/system/grok", { body });

export const updateGrokPattern = (patternId: string, body: GrokPatternDefinition) =>
  apiCall("put", "/system/grok/{patternId}", { params: byId(patternId), body });

export const deleteGrokPattern = (patternId: string) => apiCall("delete", "/system/grok/{patternId}", { params: byId(patternId) });

export const importGrokPatterns = (patterns: GrokPatternDefinition[], strategy: GrokImportStrategy) =>
  apiCall("put", "/system/grok", { params: { query: { "import-strategy": strategy } }, body: { patterns } });

export const testGrokPattern = (pattern: GrokPatternDefinition, sampleData: string) =>
  apiCall("post", "/system/grok/test", { body: { grok_pattern: pattern, sample_data: sampleData } });

export async function invalidateGrokPatterns(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/grok/paginated") });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/grok") });
}
