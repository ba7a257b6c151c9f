import { useQuery } from "@tanstack/react-query";
import { useAtom, useStore } from "jotai";
import { useEffect, useState } from "react";
import { viewQueryOptions } from "../views/view-queries.ts";
import { defaultSearchView } from "../widgets/logic/default-search-view.ts";
import type { SearchUrlState } from "./logic/url-state.ts";
import { savedSearchQueryOptions } from "./search-queries.ts";
import { openSavedSearch, openSearchAtom, viewWidgetsAtom } from "./search-state.ts";

export type OpenSearchStatus = { status: "ready" } | { status: "loading" } | {
  status: "error";
  error: unknown;
};

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

/** Whether the URL names a query or a time range: it then wins over a saved search's own. */
export function urlNamesSearch(params: URLSearchParams): boolean {
  return params.has("rangetype") || params.has("q");
}

/**
 * Puts the right search on the page: a saved search (its view, then its search) at /search/{viewId}, the default
 * new search at /search/new, and at /search whatever unsaved search the user was working on.
 */
export function useOpenSearch({ viewId, fresh, urlHasSearch, onSearchLoaded }: Options): OpenSearchStatus {
  const store = useStore();
  const view = useQuery({ ...viewQueryOptions(viewId ?? ""), enabled: viewId !== undefined });
  const searchId = view.data?.search_id;
  const search = useQuery({ ...savedSearchQueryOptions(searchId ?? ""), enabled: searchId !== undefined });
  // A page load finds the store as created. Then /search/new has nothing to reset, and a saved search whose view
  // and search came with the page (server rendering) is opened in this first render: the server and the
  // hydrating browser both render the search with its results instead of a loader. (The store is written in the
  // state initializer, once, before any component reads these atoms.)
  const [onLoad] = useState(() => {
    const pristine = store.get(openSearchAtom) === null &&
      store.get(viewWidgetsAtom) === viewWidgetsAtom.init;
    if (!pristine || viewId === undefined || !view.data || !search.data) return { pristine, opened: null };
    const opened = openSavedSearch(view.data, search.data);
    store.set(viewWidgetsAtom, opened.widgets);
    store.set(openSearchAtom, opened.open);
    return { pristine, opened };
  });
  const [open, setOpen] = useAtom(openSearchAtom);
  const [, setWidgets] = useAtom(viewWidgetsAtom);
  const [freshDone, setFreshDone] = useState(!fresh || onLoad.pristine);

  useEffect(() => {
    if (viewId !== undefined || (!fresh && open === null) || (fresh && onLoad.pristine)) return;
    setWidgets(defaultSearchView());
    setOpen(null);
    setFreshDone(true);
  }, [viewId, fresh]);

  // A saved search opened in the first render still writes its search into the URL.
  useEffect(() => {
    if (onLoad.opened?.search && !urlHasSearch) onSearchLoaded(onLoad.opened.search);
  }, []);

  useEffect(() => {
    if (viewId === undefined || !view.data || !search.data || open?.view.id === viewId) return;
    const opened = openSavedSearch(view.data, search.data);
    setWidgets(opened.widgets);
    if (opened.search && !urlHasSearch) onSearchLoaded(opened.search);
    setOpen(opened.open);
  }, [viewId, view.data, search.data]);

  if (viewId === undefined) {
    return freshDone && (fresh || open === null) ? { status: "ready" } : { status: "loading" };
  }
  if (view.isError) return { status: "error", error: view.error };
  if (search.isError) return { status: "error", error: search.error };
  return open?.view.id === viewId ? { status: "ready" } : { status: "loading" };
}
