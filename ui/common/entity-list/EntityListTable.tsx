import { Box } from "@mantine/core";
import type { ComponentProps, ReactNode } from "react";
import { EntityTable } from "../entity-table/EntityTable.tsx";
import type { EntityBase } from "../entity-table/logic/column-definition.ts";
import { SearchBox } from "../paginated-list/SearchBox.tsx";
import { entityListEmptyText } from "./logic/entity-list-empty-text.ts";
import type { EntityList } from "./use-entity-list.ts";

/** What the list wires itself; the rest of <EntityTable>'s props pass through. */
type WiredProps = "entities" | "visibleColumns" | "onColumnsChange" | "activeSort" | "onSortChange" | "pagination" | "loading" | "emptyText" | "toolbar";

type Props<Entity extends EntityBase> = Omit<ComponentProps<typeof EntityTable<Entity>>, WiredProps> & {
  /** The page's list state (useEntityList). */
  list: EntityList;
  /** The current page's entities and how many match in all; undefined while the first page loads. */
  page: { entities: readonly Entity[]; total: number } | undefined;
  loading: boolean;
  searchPlaceholder: string;
  /** Shown when nothing exists (default 'No entities exist.'); a search that matches nothing says so instead. */
  noEntitiesText?: string;
  /** The area's own empty texts for a query, in place of the spec's (e.g. the saved searches' of spec 001 §9). */
  emptyTextFor?: (query: string) => string;
  /** More controls beside the search box. */
  toolbarExtra?: ReactNode;
};

/**
 * The paged entity list of an area's overview page (Teams, Grok Patterns, Streams, …; spec 000 §4): the shared
 * entity table with the search box, sortable columns, column chooser and pager wired to useEntityList's state,
 * and the spec's empty texts. Row rendering, actions and bulk actions stay the page's.
 */
export function EntityListTable<Entity extends EntityBase>(
  { list, page, loading, searchPlaceholder, noEntitiesText, emptyTextFor, toolbarExtra, ...table }: Props<Entity>,
) {
  return (
    <EntityTable<Entity>
      {...table}
      entities={page?.entities ?? []}
      visibleColumns={list.layout.displayedAttributes}
      onColumnsChange={list.showColumns}
      activeSort={list.params.sort}
      onSortChange={list.sortBy}
      loading={loading}
      emptyText={emptyTextFor ? emptyTextFor(list.params.query) : entityListEmptyText(list.params.query, noEntitiesText)}
      toolbar={
        <>
          <Box w={360}>
            <SearchBox placeholder={searchPlaceholder} onSearch={list.search} />
          </Box>
          {toolbarExtra}
        </>
      }
      pagination={{
        page: list.params.page,
        perPage: list.params.perPage,
        total: page?.total ?? 0,
        pageSizes: list.pageSizes,
        onChange: list.turnPage,
      }}
    />
  );
}
