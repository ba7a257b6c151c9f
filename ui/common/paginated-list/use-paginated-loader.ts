import { useEffect, useRef, useState } from "react";
import { createLatestRequestGuard } from "./logic/latest-request.ts";
import type { PaginationQueryState } from "./logic/pagination.ts";

/** A paginated list item (spec 000 §3). */
export interface PaginatedItem {
  id: string;
  name: string;
  description?: string;
}

/** What a loader answers: the page's items and the total count (spec 000 §3). */
export interface PaginatedItemsResponse<Item> {
  list: Item[];
  pagination: { total: number };
}

export interface PaginatedLoaderState<Item> {
  items: Item[];
  total: number;
  /** False until the first answer arrived: show a spinner until then. */
  loaded: boolean;
  /** A reload is under way (earlier items stay visible). */
  loading: boolean;
  error: unknown;
}

/**
 * Loads a page whenever page, size or query (or `reloadKey`) change; an answer that arrives after a newer
 * request began is ignored (spec 000 §4).
 */
export function usePaginatedLoader<Item>(
  load: (state: PaginationQueryState) => Promise<PaginatedItemsResponse<Item>>,
  { page, perPage, query }: PaginationQueryState,
  reloadKey?: unknown,
): PaginatedLoaderState<Item> {
  const [state, setState] = useState<PaginatedLoaderState<Item>>({
    items: [],
    total: 0,
    loaded: false,
    loading: true,
    error: null,
  });
  const guard = useRef(createLatestRequestGuard());
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const ticket = guard.current.begin();
    setState((previous) => ({ ...previous, loading: true }));
    loadRef.current({ page, perPage, query }).then(
      (response) => {
        if (!guard.current.isLatest(ticket)) return;
        setState({
          items: response.list,
          total: response.pagination.total,
          loaded: true,
          loading: false,
          error: null,
        });
      },
      (error: unknown) => {
        if (!guard.current.isLatest(ticket)) return;
        setState((previous) => ({ ...previous, loaded: true, loading: false, error }));
      },
    );
  }, [page, perPage, query, reloadKey]);

  useEffect(() => () => guard.current.invalidate(), []);
  return state;
}
