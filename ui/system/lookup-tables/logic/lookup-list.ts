import type { ColumnDefinition, Sort } from "../../../common/entity-table/logic/column-definition.ts";
import type { TableLayout } from "../../../common/entity-table/logic/layout-preferences.ts";

/**
 * The three lists of System → Lookup Tables (tables, caches, data adapters): their columns, layout defaults,
 * page parameters and texts. Spec 002 §9: 50 per page, by title descending.
 */

/** The three kinds of lookup entity, as their list pages and API paths name them. */
export type LookupKind = "tables" | "caches" | "adapters";

export const LOOKUP_TABLE_IDS: Record<LookupKind, string> = {
  tables: "lookup_tables",
  caches: "lookup_caches",
  adapters: "lookup_data_adapters",
};

const COMMON_COLUMNS: readonly ColumnDefinition[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true },
  { id: "name", title: "Name", type: "STRING", sortable: true },
];

export const LOOKUP_COLUMNS: Record<LookupKind, readonly ColumnDefinition[]> = {
  tables: [...COMMON_COLUMNS, { id: "cache_id", title: "Cache", type: "STRING" }, { id: "data_adapter_id", title: "Data Adapter", type: "STRING" }],
  caches: [...COMMON_COLUMNS, { id: "config", title: "Type", type: "STRING" }],
  adapters: [...COMMON_COLUMNS, { id: "config", title: "Type", type: "STRING" }],
};

export const LOOKUP_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export const LOOKUP_LAYOUT_DEFAULTS: Record<LookupKind, TableLayout> = {
  tables: { displayedAttributes: ["title", "description", "name", "cache_id", "data_adapter_id"], sort: { attributeId: "title", direction: "desc" }, perPage: 50 },
  caches: { displayedAttributes: ["title", "description", "name", "config"], sort: { attributeId: "title", direction: "desc" }, perPage: 50 },
  adapters: { displayedAttributes: ["title", "description", "name", "config"], sort: { attributeId: "title", direction: "desc" }, perPage: 50 },
};

export interface LookupPageParams {
  query: string;
  page: number;
  perPage: number;
  sort: Sort;
}

const SORTABLE = ["title", "description", "name", "id"] as const;
type LookupSort = (typeof SORTABLE)[number];

/** The list call's query parameters (an unsortable column falls back to the title). */
export function lookupPageQuery({ query, page, perPage, sort }: LookupPageParams) {
  const field = (SORTABLE as readonly string[]).includes(sort.attributeId) ? sort.attributeId as LookupSort : "title";
  return { query, page, per_page: perPage, sort: field, order: sort.direction };
}

/** The words each kind uses on its pages. */
export const LOOKUP_TEXTS: Record<LookupKind, { plural: string; singular: string; create: string; description: string; search: string }> = {
  tables: {
    plural: "Lookup Tables",
    singular: "lookup table",
    create: "Create lookup table",
    description: "Lookup tables can be used in extractors, converters, decorators and pipeline rules to look up values, e.g. to enrich a field.",
    search: "Search for lookup tables",
  },
  caches: {
    plural: "Caches",
    singular: "cache",
    create: "Create cache",
    description: "Caches provide the actual values for lookup tables faster than asking the data adapter every time.",
    search: "Search for caches",
  },
  adapters: {
    plural: "Data Adapters",
    singular: "data adapter",
    create: "Create data adapter",
    description: "Data adapters provide the actual values for lookup tables: a CSV file, a DSV file over HTTP, or a threat-intelligence source.",
    search: "Search for data adapters",
  },
};

export const deleteQuestion = (kind: LookupKind, title: string) =>
  `Are you sure you want to delete the ${LOOKUP_TEXTS[kind].singular} "${title}"?`;
export const createdText = (kind: LookupKind, title: string) => `The ${LOOKUP_TEXTS[kind].singular} "${title}" was created.`;
export const updatedText = (kind: LookupKind, title: string) => `The ${LOOKUP_TEXTS[kind].singular} "${title}" was updated.`;
export const deletedText = (kind: LookupKind, title: string) => `The ${LOOKUP_TEXTS[kind].singular} "${title}" was deleted.`;
