import { layoutWithDefaults, type TableLayout } from "./logic/layout-preferences.ts";
import type { Sort } from "./logic/column-definition.ts";
import { useTableLayoutPreferences, useUpdateTableLayoutPreferences } from "./table-layout-queries.ts";

export interface PersistedTableLayoutOptions {
  /** What the page shows before the user changed anything. */
  defaults: TableLayout;
  /** Page sizes the table offers; a stored size outside them falls back to the default. */
  pageSizes?: readonly number[];
}

/**
 * The effective layout of an entity table and the handlers that change and persist it, per entityTableId:
 * wire `layout` and the handlers straight into <EntityTable>.
 */
export function usePersistedTableLayout(
  entityTableId: string,
  { defaults, pageSizes }: PersistedTableLayoutOptions,
) {
  const { data, isInitialLoading } = useTableLayoutPreferences(entityTableId);
  const { update } = useUpdateTableLayoutPreferences(entityTableId);
  const layout = layoutWithDefaults(data, defaults, pageSizes);
  return {
    layout,
    isInitialLoading,
    onSortChange: (sort: Sort) => update({ sort }),
    onColumnsChange: (displayedAttributes: string[]) => update({ displayedAttributes }),
    onPageSizeChange: (perPage: number) => update({ perPage }),
  };
}
