import type { ExtractorSummary, ExtractorType } from "../../../../../api/schemas/extractors.ts";
import { paths } from "../../../../../shared/paths.ts";
import { EXTRACTOR_KIND_VIEWS } from "./extractor-kinds.ts";

export const EXTRACTORS_DESCRIPTION =
  "Extractors are applied on every message that is received by this input. Use them to extract and transform any text data into fields that allow you easy filtering and analysis later on.";
export const NO_EXTRACTORS = "This input has no configured extractors.";
export const NO_RECENT_MESSAGE = "Could not load a recent message: this input has not received any message yet.";
export const ORDER_SAVED = "Extractor positions updated successfully";

/** Where an input's extractor pages are: the global ones, or those of a node (`/system/inputs/{id}/{node}/extractors`). */
export interface ExtractorScope {
  inputId: string;
  nodeId?: string;
}

export const extractorsHref = ({ inputId, nodeId }: ExtractorScope) =>
  nodeId ? paths.nodeExtractors.href({ inputId, nodeId }) : paths.extractors.href({ inputId });
export const exportHref = ({ inputId, nodeId }: ExtractorScope) =>
  nodeId ? paths.nodeExtractorsExport.href({ inputId, nodeId }) : paths.extractorsExport.href({ inputId });
export const importHref = ({ inputId, nodeId }: ExtractorScope) =>
  nodeId ? paths.nodeExtractorsImport.href({ inputId, nodeId }) : paths.extractorsImport.href({ inputId });
export const editHref = ({ inputId, nodeId }: ExtractorScope, extractorId: string) =>
  nodeId ? paths.nodeExtractorEdit.href({ inputId, nodeId, extractorId }) : paths.extractorEdit.href({ inputId, extractorId });

/** The new-extractor page for a field of an example message (spec 002 §2: extractor_type, field, example_index, example_id). */
export function newExtractorHref(scope: ExtractorScope, type: ExtractorType, field: string, example: { index: string; id: string } | null): string {
  const base = scope.nodeId ? paths.nodeExtractorNew.href({ inputId: scope.inputId, nodeId: scope.nodeId }) : paths.extractorNew.href({ inputId: scope.inputId });
  const query = new URLSearchParams({ extractor_type: type, field, ...(example ? { example_index: example.index, example_id: example.id } : {}) });
  return `${base}?${query}`;
}

/** "Trying to extract data from message into status, leaving the original intact." */
export function extractorSentence(extractor: ExtractorSummary): string {
  const into = EXTRACTOR_KIND_VIEWS[extractor.type].storesOneField ? ` into ${extractor.target_field}` : "";
  const strategy = extractor.cursor_strategy === "cut" ? "cutting it from the original" : "leaving the original intact";
  return `Trying to extract data from ${extractor.source_field}${into}, ${strategy}.`;
}

export const deleteExtractorQuestion = (title: string) => `Do you really want to delete extractor "${title}"?`;

/** The extractors with one moved up (-1) or down (+1). */
export function moved<T>(list: readonly T[], at: number, by: -1 | 1): T[] {
  const to = at + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[at], next[to]] = [next[to], next[at]];
  return next;
}

/** The fields of a message that can be extracted from (strings and numbers, without internal fields). */
export function extractableFields(message: Record<string, unknown>): [string, string][] {
  return Object.entries(message)
    .filter(([name, value]) => !name.startsWith("gl2_") && !["_id", "streams", "timestamp"].includes(name) && (typeof value === "string" || typeof value === "number"))
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => (a === "message" ? -1 : b === "message" ? 1 : a.localeCompare(b)));
}
