import { useState } from "react";
import type { Sort } from "../entity-table/logic/column-definition.ts";
import type { TableLayout } from "../entity-table/logic/layout-preferences.ts";
import { usePersistedTableLayout } from "../entity-table/use-persisted-table-layout.ts";

export interface EntityListOptions {
  /** What the table shows before the user changed anything; its sort is the list's default sort. */
  defaults: TableLayout;
  /** The page sizes the pager offers. */
  pageSizes: readonly number[];
}

/** What a paged list asks its query for: the search box's text, the 1-based page, its size and the sort. */
export interface EntityListParams {
  query: string;
  page: number;
  perPage: number;
  sort: Sort;
}

/** The state of one entity list page: search, page, and the user's persisted table layout. */
export type EntityList = ReturnType<typeof useEntityList>;

/**
 * The state every paged entity list page keeps (spec 000 §4, §7.4): the search query and the page (back to the
 * first on a new search, sort or page size), and the table layout persisted per table id. The page reads
 * `params` for its list query and hands the whole to <EntityListTable>.
 */
export function useEntityList(tableId: string, { defaults, pageSizes }: EntityListOptions) {
  const { layout, onSortChange, onColumnsChange, onPageSizeChange } = usePersistedTableLayout(tableId, { defaults, pageSizes });
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const sort = layout.sort ?? defaults.sort!;
  const params: EntityListParams = { query, page, perPage: layout.perPage, sort };
  return {
    params,
    layout,
    pageSizes,
    setPage,
    search(next: string) {
      setQuery(next);
      setPage(1);
    },
    sortBy(next: Sort) {
      setPage(1);
      onSortChange(next);
    },
    showColumns: onColumnsChange,
    turnPage(nextPage: number, perPage: number) {
      setPage(nextPage);
      if (perPage !== layout.perPage) onPageSizeChange(perPage);
    },
  };
}
