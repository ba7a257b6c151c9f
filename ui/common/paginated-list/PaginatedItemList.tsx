import { Alert, Group, List, Stack, Text } from "@mantine/core";
import { type ReactNode, useCallback, useState } from "react";
import { errorToastText } from "../../api/fetch-error.ts";
import { DelayedLoader, SPINNER_DELAY_MS } from "../DelayedLoader.tsx";
import { NO_ITEMS_FOUND } from "../empty-states.ts";
import {
  changePageSize,
  changeQuery,
  DEFAULT_PAGE,
  defaultPageSizeOf,
  PAGINATED_LIST_PAGE_SIZES,
  type PaginationQueryState,
} from "./logic/pagination.ts";
import { PaginatedList } from "./PaginatedList.tsx";
import { SearchBox } from "./SearchBox.tsx";
import {
  type PaginatedItem,
  type PaginatedItemsResponse,
  usePaginatedLoader,
} from "./use-paginated-loader.ts";

interface Props<Item extends PaginatedItem> {
  /** Loads one page; answers to superseded requests are ignored. */
  onLoad(state: PaginationQueryState): Promise<PaginatedItemsResponse<Item>>;
  pageSizes?: readonly number[];
  /** Shown when the page has no items (default 'No items found to display.'). */
  noDataText?: string;
  /** Renders one item; default: name and description. */
  renderItem?(item: Item): ReactNode;
  /** Change it to reload the current page (after an item was added or removed). */
  reloadKey?: unknown;
  searchable?: boolean;
}

/**
 * A searchable, paginated list of named items (spec 000 §4): a spinner (after 200 ms) until the first load,
 * reloads on page, size or query change.
 */
export function PaginatedItemList<Item extends PaginatedItem>({
  onLoad,
  pageSizes = PAGINATED_LIST_PAGE_SIZES,
  noDataText = NO_ITEMS_FOUND,
  renderItem = defaultRenderItem,
  reloadKey,
  searchable = true,
}: Props<Item>) {
  const [state, setState] = useState<PaginationQueryState>({
    page: DEFAULT_PAGE,
    perPage: defaultPageSizeOf(pageSizes),
    query: "",
  });
  const { items, total, loaded, error } = usePaginatedLoader(onLoad, state, reloadKey);
  const onPageChange = useCallback((page: number, perPage: number) => {
    setState((
      previous,
    ) => (perPage !== previous.perPage ? changePageSize(previous, perPage) : { ...previous, page }));
  }, []);

  return (
    <Stack gap="sm">
      {searchable && <SearchBox onSearch={(query) => setState((previous) => changeQuery(previous, query))} />}
      {!loaded ? <DelayedLoader delay={SPINNER_DELAY_MS} /> : (
        <PaginatedList
          totalItems={total}
          page={state.page}
          perPage={state.perPage}
          pageSizes={pageSizes}
          onChange={onPageChange}
        >
          {error ? <Alert color="red">{errorToastText(error)}</Alert> : null}
          {items.length === 0
            ? <Text c="dimmed">{noDataText}</Text>
            : (
              <List listStyleType="none" spacing="xs">
                {items.map((item) => <List.Item key={item.id}>{renderItem(item)}</List.Item>)}
              </List>
            )}
        </PaginatedList>
      )}
    </Stack>
  );
}

function defaultRenderItem(item: PaginatedItem): ReactNode {
  return (
    <Group gap="xs">
      <Text fw={600}>{item.name}</Text>
      {item.description ? <Text c="dimmed" size="sm">{item.description}</Text> : null}
    </Group>
  );
}
