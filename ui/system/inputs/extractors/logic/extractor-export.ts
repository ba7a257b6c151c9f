import type { CreateExtractorRequest, ExtractorSummary } from "../../../../../api/schemas/extractors.ts";
import { PRODUCT_VERSION } from "../../../../../shared/product.ts";

/** One extractor in Graylog's export document (`{extractors: [...], version}`). */
export interface ExportedExtractor {
  title: string;
  extractor_type: ExtractorSummary["type"];
  converters: ExtractorSummary["converters"];
  order: number;
  cursor_strategy: ExtractorSummary["cursor_strategy"];
  source_field: string;
  target_field: string;
  extractor_config: Record<string, unknown>;
  condition_type: ExtractorSummary["condition_type"];
  condition_value: string;
}

/** The export document of an input's extractors, as the export page shows it. */
export function exportDocument(extractors: readonly ExtractorSummary[]): string {
  const exported: ExportedExtractor[] = extractors.map((extractor) => ({
    title: extractor.title,
    extractor_type: extractor.type,
    converters: extractor.converters,
    order: extractor.order,
    cursor_strategy: extractor.cursor_strategy,
    source_field: extractor.source_field,
    target_field: extractor.target_field,
    extractor_config: extractor.extractor_config,
    condition_type: extractor.condition_type,
    condition_value: extractor.condition_value,
  }));
  return JSON.stringify({ extractors: exported, version: PRODUCT_VERSION }, null, 2);
}

/** The create requests of a pasted export document; throws an Error saying what is wrong with it. */
export function importRequests(text: string): CreateExtractorRequest[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`The extractors are not valid JSON: ${(error as Error).message}`);
  }
  const list = (document as { extractors?: unknown })?.extractors;
  if (!Array.isArray(list)) throw new Error('The JSON has no "extractors" list.');
  return (list as ExportedExtractor[]).map((extractor, at) => ({
    title: extractor.title,
    cut_or_copy: extractor.cursor_strategy ?? "copy",
    source_field: extractor.source_field,
    target_field: extractor.target_field ?? "",
    extractor_type: extractor.extractor_type,
    extractor_config: extractor.extractor_config ?? {},
    converters: Object.fromEntries((extractor.converters ?? []).map((converter) => [converter.type, converter.config ?? {}])),
    condition_type: extractor.condition_type ?? "none",
    condition_value: extractor.condition_value ?? "",
    order: extractor.order ?? at,
  }));
}
