import { useQuery } from "@tanstack/react-query";
import { viewQueryOptions } from "../views/view-queries.ts";
import type { LoadedSavedSearch } from "./logic/search-page-view.ts";
import { savedSearchQueryOptions } from "./search-queries.ts";

/** A saved search's view, then its search (both prefetched by the server render, routes/search-prefetch.ts). */
export function useSavedSearch(viewId: string | undefined): { data: LoadedSavedSearch | undefined; error: Error | null } {
  const view = useQuery({ ...viewQueryOptions(viewId ?? ""), enabled: viewId !== undefined });
  const searchId = view.data?.search_id;
  const search = useQuery({ ...savedSearchQueryOptions(searchId ?? ""), enabled: searchId !== undefined });
  return {
    data: view.data && search.data ? { view: view.data, search: search.data } : undefined,
    error: view.error ?? search.error,
  };
}
