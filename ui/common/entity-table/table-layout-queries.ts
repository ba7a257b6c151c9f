import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import type { EntityListPreferences } from "../../../api/schemas/entity-list-preferences.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { toastError } from "../toast.ts";
import {
  mergePreferences,
  preferencesFromServer,
  preferencesToServer,
  type TableLayoutPreferences,
} from "./logic/layout-preferences.ts";

/** Layout preferences are cached for one hour (spec 000 §7.4, §9). */
export const LAYOUT_PREFERENCES_STALE_TIME_MS = 60 * 60 * 1000;

export const tableLayoutKeys = {
  all: resourceQueryKey("/entitylists/preferences/{entityTableId}"),
  detail: (entityTableId: string) => resourceQueryKey("/entitylists/preferences/{entityTableId}", { path: { entityTableId } }),
};

/** GET /entitylists/preferences/{entityTableId}, server form in the cache. */
export const tableLayoutPreferencesQueryOptions = (entityTableId: string) => ({
  ...resourceQueryOptions("/entitylists/preferences/{entityTableId}", { path: { entityTableId } }, {
    staleTime: LAYOUT_PREFERENCES_STALE_TIME_MS,
  }),
  // Keeps the previous table's layout while another one loads, so columns do not jump (spec 000 §7.4).
  placeholderData: keepPreviousData,
});

export function layoutPreferencesLoadFailedText(entityTableId: string, error: unknown): string {
  return `Loading layout preferences for "${entityTableId}" overview failed with ${errorText(error)}`;
}

export function layoutPreferencesUpdateFailedText(error: unknown): string {
  return `Updating table layout preferences failed with error: ${errorText(error)}`;
}

/** The user's stored layout of one entity table, in client form; a load failure is toasted once. */
export function useTableLayoutPreferences(entityTableId: string) {
  const query = useQuery(tableLayoutPreferencesQueryOptions(entityTableId));
  const { error } = query;
  useEffect(() => {
    if (error) toastError(layoutPreferencesLoadFailedText(entityTableId, error));
  }, [error, entityTableId]);
  return {
    data: query.data ? preferencesFromServer(query.data) : undefined,
    isInitialLoading: query.isLoading,
    isError: query.isError,
  };
}

/**
 * Saves a change of the layout (merged into what is stored). The cache is updated optimistically before the
 * response and rolled back when the request fails (spec 000 §7.4).
 */
/**
 * Mutation options of the layout save, apart from the hook so they can be tested with a bare QueryClient:
 * POST the server form, write it to the cache before the response, roll back and toast on failure.
 */
export function tableLayoutMutationOptions(queryClient: QueryClient, entityTableId: string) {
  const key = tableLayoutKeys.detail(entityTableId);
  return {
    mutationFn: (payload: EntityListPreferences) =>
      apiCall("post", "/entitylists/preferences/{entityTableId}", { params: { path: { entityTableId } }, body: payload }),
    onMutate: async (payload: EntityListPreferences) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<EntityListPreferences>(key);
      queryClient.setQueryData<EntityListPreferences>(key, payload);
      return { previous };
    },
    onError: (
      error: unknown,
      _payload: EntityListPreferences,
      context: { previous?: EntityListPreferences } | undefined,
    ) => {
      queryClient.setQueryData<EntityListPreferences | undefined>(key, context?.previous);
      toastError(layoutPreferencesUpdateFailedText(error));
    },
  };
}

/** The POST payload for a change: merged into the cached preferences, in server form. */
export function nextPreferencesPayload(
  queryClient: QueryClient,
  entityTableId: string,
  change: TableLayoutPreferences,
): EntityListPreferences {
  const current = preferencesFromServer(
    queryClient.getQueryData<EntityListPreferences>(tableLayoutKeys.detail(entityTableId)),
  );
  return preferencesToServer(mergePreferences(current, change));
}

/**
 * Saves a change of the layout (merged into what is stored). The cache is updated optimistically before the
 * response and rolled back when the request fails (spec 000 §7.4).
 */
export function useUpdateTableLayoutPreferences(entityTableId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation(tableLayoutMutationOptions(queryClient, entityTableId));
  const update = (change: TableLayoutPreferences) =>
    mutation.mutateAsync(nextPreferencesPayload(queryClient, entityTableId, change)).catch(() => {
      // Already toasted in onError; callers need not handle it.
    });
  return { update, isPending: mutation.isPending };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
