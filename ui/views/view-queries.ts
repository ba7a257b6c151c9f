/**
 * The views API from the UI (spec 001 §7): query options for saved searches and single views, the calls that
 * change them, and the one conversion from the wire view to the client's `SavedView`.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { View, ViewType } from "../../api/schemas/views.ts";
import { createGrn } from "../../shared/grn.ts";
import { type ApiBody, apiCall, type ApiData } from "../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../api/resource-query.ts";
import { favoriteKeys } from "../session/favorites-queries.ts";
import { SAVED_SEARCHES_PAGE_SIZE, type SavedSearchesListParams, savedSearchesQuery } from "./logic/saved-searches-list.ts";

/** A saved search or dashboard as the UI holds it (camelCase; the view state stays with the page). */
export interface SavedView {
  id: string;
  type: ViewType;
  title: string;
  summary: string;
  description: string;
  owner: string;
  createdAt: string;
  favorite: boolean;
  searchId: string;
}

/** One page of saved searches. */
export interface SavedViewPage {
  views: SavedView[];
  total: number;
  page: number;
  perPage: number;
}

/** What POST /views and PUT /views/{id} take. */
export type ViewBody = ApiBody<"post", "/views">;
export type BulkDeleteResult = ApiData<"post", "/views/bulk_delete">;

export function toSavedView(view: Omit<View, "state">): SavedView {
  return {
    id: view.id,
    type: view.type,
    title: view.title,
    summary: view.summary,
    description: view.description,
    owner: view.owner,
    createdAt: view.created_at,
    favorite: view.favorite,
    searchId: view.search_id,
  };
}

/** The GRN under which a view is shared and favorited: `grn::::search:{id}` or `grn::::dashboard:{id}`. */
export function viewGrn(view: Pick<SavedView, "id" | "type">): string {
  return createGrn(view.type === "DASHBOARD" ? "dashboard" : "search", view.id);
}

/** GET /search/saved: one page of saved searches, 20 to a page, by title ascending. */
export function savedSearchesQueryOptions(params: SavedSearchesListParams) {
  return {
    ...resourceQueryOptions("/search/saved", { query: savedSearchesQuery(params, SAVED_SEARCHES_PAGE_SIZE) }),
    select: (list: ApiData<"get", "/search/saved">): SavedViewPage => ({
      views: list.elements.map(toSavedView),
      total: list.total,
      page: list.page,
      perPage: list.per_page,
    }),
  };
}

/** GET /views/{id}: the wire view (with its state, which the page turns into widgets). */
export function viewQueryOptions(id: string) {
  return resourceQueryOptions("/views/{id}", { path: { id } });
}

export async function createView(body: ViewBody): Promise<View> {
  return await apiCall("post", "/views", { body });
}

export async function updateView(id: string, body: ViewBody): Promise<View> {
  return await apiCall("put", "/views/{id}", { params: { path: { id } }, body });
}

export async function deleteView(id: string): Promise<View> {
  return await apiCall("delete", "/views/{id}", { params: { path: { id } } });
}

export async function bulkDeleteViews(ids: readonly string[]): Promise<BulkDeleteResult> {
  return await apiCall("post", "/views/bulk_delete", { body: { entity_ids: [...ids] } });
}

/** PUT or DELETE /favorites/{grn}. */
export async function setViewFavorite(
  view: Pick<SavedView, "id" | "type">,
  favorite: boolean,
): Promise<void> {
  await apiCall(favorite ? "put" : "delete", "/favorites/{grn}", { params: { path: { grn: viewGrn(view) } } });
}

/** After any change to views: lists, single views and the favorites menu read again. */
export async function invalidateViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/search/saved") }),
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/views/{id}") }),
    queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  ]);
}
