import { useQuery } from "@tanstack/react-query";
import { useAtom, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import type { Search } from "../../api/schemas/search.ts";
import { apiQueryOptions } from "../api/api-query.ts";
import { toSavedView, viewQueryOptions } from "../views/view-queries.ts";
import { defaultSearchView } from "../widgets/logic/default-search-view.ts";
import { fromQueryViewState } from "../widgets/logic/view-state-wire.ts";
import { fromSearchQuery } from "./logic/search-from-wire.ts";
import { DEFAULT_SEARCH_STATE, type SearchUrlState } from "./logic/url-state.ts";
import { openSearchAtom, viewWidgetsAtom } from "./search-state.ts";

export type OpenSearchStatus = { status: "ready" } | { status: "loading" } | { status: "error"; error: unknown };

interface Options {
  /** The saved search of /search/{viewId}. */
  viewId: string | undefined;
  /** /search/new: always start from the default new search. */
  fresh: boolean;
  /** Whether the URL names a query or time range (it then wins over the saved one). */
  urlHasSearch: boolean;
  /** Writes the saved search's query, range and streams into the URL. */
  onSearchLoaded: (search: SearchUrlState) => void;
}

/**
 * Puts the right search on the page: a saved search (its view, then its search) at /search/{viewId}, the default
 * new search at /search/new, and at /search whatever unsaved search the user was working on.
 */
export function useOpenSearch({ viewId, fresh, urlHasSearch, onSearchLoaded }: Options): OpenSearchStatus {
  const [open, setOpen] = useAtom(openSearchAtom);
  const setWidgets = useSetAtom(viewWidgetsAtom);
  const [freshDone, setFreshDone] = useState(!fresh);
  const view = useQuery({ ...viewQueryOptions(viewId ?? ""), enabled: viewId !== undefined });
  const searchId = view.data?.search_id;
  const search = useQuery({
    ...apiQueryOptions<Search & { id: string }>(["views", "search", searchId], `/views/search/${encodeURIComponent(searchId ?? "")}`),
    enabled: searchId !== undefined,
  });

  useEffect(() => {
    if (viewId !== undefined || (!fresh && open === null)) return;
    setWidgets(defaultSearchView());
    setOpen(null);
    setFreshDone(true);
  }, [viewId, fresh]);

  useEffect(() => {
    if (viewId === undefined || !view.data || !search.data || open?.view.id === viewId) return;
    const [queryId, state] = Object.entries(view.data.state)[0] ?? [];
    const query = search.data.queries.find((candidate) => candidate.id === queryId) ?? search.data.queries[0];
    const widgets = fromQueryViewState(state) ?? defaultSearchView();
    const searchState = query ? fromSearchQuery(query) : null;
    setWidgets(widgets);
    if (searchState && !urlHasSearch) onSearchLoaded(searchState);
    setOpen({ view: toSavedView(view.data), saved: { widgets, search: searchState ?? DEFAULT_SEARCH_STATE } });
  }, [viewId, view.data, search.data]);

  if (viewId === undefined) return freshDone && (fresh || open === null) ? { status: "ready" } : { status: "loading" };
  if (view.isError) return { status: "error", error: view.error };
  if (search.isError) return { status: "error", error: search.error };
  return open?.view.id === viewId ? { status: "ready" } : { status: "loading" };
}
