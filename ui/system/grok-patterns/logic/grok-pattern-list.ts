import type { ColumnDefinition, Sort } from "../../../common/entity-table/logic/column-definition.ts";
import type { TableLayout } from "../../../common/entity-table/logic/layout-preferences.ts";

/**
 * The grok pattern list (System → Grok Patterns): its columns, layout defaults, page parameters and the texts
 * of its outcomes.
 */

/** The id under which the list's layout preferences are stored (spec 000 §7.4). */
export const GROK_PATTERNS_TABLE_ID = "grok_patterns";

export const GROK_PATTERN_COLUMNS: readonly ColumnDefinition[] = [
  { id: "name", title: "Name", type: "STRING", sortable: true },
  { id: "pattern", title: "Pattern", type: "STRING" },
];

/** Page sizes of list pages (spec 000 §9); server lists show 50 by default (spec 002 §9). */
export const GROK_PATTERN_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export const GROK_PATTERN_LAYOUT_DEFAULTS: TableLayout = {
  displayedAttributes: ["name", "pattern"],
  sort: { attributeId: "name", direction: "asc" },
  perPage: 50,
};

/** What one page of the list asks the server for. */
export interface GrokPatternPageParams {
  query: string;
  page: number;
  perPage: number;
  sort: Sort;
}

/** The GET /system/grok/paginated query parameters for the list's parameters (only `name` sorts). */
export function grokPatternPageQuery({ query, page, perPage, sort }: GrokPatternPageParams) {
  return { query, page, per_page: perPage, sort: "name" as const, order: sort.direction };
}

export function deleteQuestion(name: string): string {
  return `Do you really want to delete the grok pattern "${name}"? Extractors and pipeline rules that use it stop working.`;
}

export const createdText = (name: string) => `Grok pattern "${name}" was created.`;
export const updatedText = (name: string) => `Grok pattern "${name}" was updated.`;
export const deletedText = (name: string) => `Grok pattern "${name}" was deleted.`;

export function importedText(count: number): string {
  return `Imported ${count} grok ${count === 1 ? "pattern" : "patterns"}.`;
}
