/**
 * The grok pattern API from the UI: query options per resource (keys are `[path, params]`) and the calls that
 * change patterns. Every change invalidates every grok query.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type {
  GrokImportStrategy,
  GrokPattern,
  GrokPatternPage,
  GrokPatternTestResult,
} from "../../../api/schemas/grok.ts";
import type { GrokPatternDefinition } from "../../../shared/grok/pattern-file.ts";
import { apiQueryOptions } from "../../api/api-query.ts";
import { fetchJson } from "../../api/fetch-json.ts";
import { type GrokPatternPageParams, grokPatternPagePath } from "./logic/grok-pattern-list.ts";

const PAGE_PATH = "/system/grok/paginated";

export const grokPatternKeys = {
  /** Every grok query: their keys all start with a /system/grok path. */
  all: (key: readonly unknown[]) => typeof key[0] === "string" && key[0].startsWith("/system/grok"),
  page: (params: GrokPatternPageParams) => [PAGE_PATH, params] as const,
};

/** GET /system/grok/paginated: one page of patterns; the previous page stays while the next loads. */
export const grokPatternPageQueryOptions = (params: GrokPatternPageParams) => ({
  ...apiQueryOptions<GrokPatternPage>(grokPatternKeys.page(params), grokPatternPagePath(params)),
  placeholderData: keepPreviousData,
});

const patternPath = (id: string) => `/system/grok/${encodeURIComponent(id)}`;

export const createGrokPattern = (body: GrokPatternDefinition) => fetchJson<GrokPattern>("POST", "/system/grok", body);

export const updateGrokPattern = (id: string, body: GrokPatternDefinition) =>
  fetchJson<GrokPattern>("PUT", patternPath(id), body);

export const deleteGrokPattern = (id: string) => fetchJson<null>("DELETE", patternPath(id));

export const importGrokPatterns = (patterns: readonly GrokPatternDefinition[], strategy: GrokImportStrategy) =>
  fetchJson<null>("PUT", `/system/grok?import-strategy=${strategy}`, { patterns });

export const testGrokPattern = (pattern: GrokPatternDefinition, sampleData: string) =>
  fetchJson<GrokPatternTestResult>("POST", "/system/grok/test", { grok_pattern: pattern, sample_data: sampleData });

export async function invalidateGrokPatterns(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ predicate: (query) => grokPatternKeys.all(query.queryKey) });
}
