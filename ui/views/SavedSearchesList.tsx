import { ActionIcon, Alert, Anchor, Menu, Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconStar, IconStarFilled, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { isAnyPermitted } from "../../shared/permissions.ts";
import { FetchError } from "../api/fetch-error.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityListTable } from "../common/entity-list/EntityListTable.tsx";
import { useEntityList } from "../common/entity-list/use-entity-list.ts";
import type { ColumnDefinition } from "../common/entity-table/logic/column-definition.ts";
import type { TableLayout } from "../common/entity-table/logic/layout-preferences.ts";
import { toastError, toastSuccess } from "../common/toast.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import {
  bulkDeleteErrorText,
  bulkDeleteOutcome,
  bulkDeleteQuestion,
  deleteQuestion,
  emptySavedSearchesText,
  loadSavedSearchesErrorText,
  SAVED_SEARCHES_PAGE_SIZE,
} from "./logic/saved-searches-list.ts";
import {
  bulkDeleteViews,
  deleteView,
  invalidateViews,
  savedSearchesQueryOptions,
  type SavedView,
  setViewFavorite,
} from "./view-queries.ts";

/** The layout preferences id of the list (spec 000 §7.4). */
const SAVED_SEARCHES_TABLE_ID = "saved_searches";

const COLUMNS: readonly ColumnDefinition[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true },
  { id: "summary", title: "Summary", type: "STRING" },
  { id: "description", title: "Description", type: "STRING" },
];

/** Spec 001 §9: 20 to a page, by title ascending. */
const PAGE_SIZES: readonly number[] = [SAVED_SEARCHES_PAGE_SIZE];
const LAYOUT_DEFAULTS: TableLayout = {
  displayedAttributes: ["title", "summary", "description"],
  sort: { attributeId: "title", direction: "asc" },
  perPage: SAVED_SEARCHES_PAGE_SIZE,
};

interface Props {
  /** The list loads only while shown (the Load dialog keeps it mounted while closed). */
  enabled: boolean;
  /** A row was chosen. */
  onLoad(view: SavedView): void;
  /** The id of the search open on the page, if saved: deleting it calls `onDeleteActive`. */
  activeViewId?: string | null;
  /** The open search was deleted; the page navigates away (spec 001 §8). */
  onDeleteActive?(): void;
}

/**
 * The saved searches list (spec 001 §2, §8, §9) with search, paging by 20, favorites, delete with confirmation and
 * bulk delete: in the search page's Load dialog and on /views.
 */
export function SavedSearchesList({ enabled, onLoad, activeViewId = null, onDeleteActive }: Props) {
  const [selected, setSelected] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<SavedView | null>(null);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const savedSearches = useEntityList(SAVED_SEARCHES_TABLE_ID, { defaults: LAYOUT_DEFAULTS, pageSizes: PAGE_SIZES });
  const { query, page, sort } = savedSearches.params;
  const list = useQuery({
    ...savedSearchesQueryOptions({ query, page, order: sort.direction }),
    enabled,
    placeholderData: keepPreviousData,
  });

  const views = list.data?.views ?? [];
  // Spec 001 §6: deleting needs view:edit:{id} or view:edit; owners may always delete their own.
  const mayDelete = (view: SavedView) =>
    view.owner === user.username || isAnyPermitted(user.permissions, [`view:edit:${view.id}`, "view:edit"]);

  const deleteOne = async (view: SavedView) => {
    setBusy(true);
    try {
      await deleteView(view.id);
      toastSuccess(`Deleting view "${view.title}" was successful!`, "Success!");
      setSelected((ids) => ids.filter((id) => id !== view.id));
      if (view.id === activeViewId) onDeleteActive?.();
    } catch (error) {
      toastError(`Deleting view failed: ${messageOf(error)}`, "Error!");
    } finally {
      setBusy(false);
      setToDelete(null);
      await invalidateViews(queryClient);
    }
  };

  const deleteSelected = async () => {
    setBusy(true);
    try {
      const result = await bulkDeleteViews(selected);
      const outcome = bulkDeleteOutcome(selected, result.failures);
      if (outcome.kind === "complete") toastSuccess(outcome.message);
      else toastError(outcome.message);
      if (activeViewId && selected.includes(activeViewId) && !outcome.stillSelected.includes(activeViewId)) {
        onDeleteActive?.();
      }
      setSelected(outcome.stillSelected);
    } catch (error) {
      toastError(bulkDeleteErrorText(messageOf(error)));
    } finally {
      setBusy(false);
      setBulkConfirm(false);
      await invalidateViews(queryClient);
    }
  };

  const toggleFavorite = async (view: SavedView) => {
    try {
      await setViewFavorite(view, !view.favorite);
    } catch (error) {
      toastError(error);
    } finally {
      await invalidateViews(queryClient);
    }
  };

  return (
    <>
      <Stack gap="sm">
        {list.isError && (
          <Alert color="red" title="Could not load saved searches">
            {loadSavedSearchesErrorText(
              list.error instanceof FetchError ? list.error.status : messageOf(list.error),
            )}
          </Alert>
        )}
        <EntityListTable<SavedView>
          list={savedSearches}
          page={list.data && { entities: views, total: list.data.total }}
          loading={list.isPending && enabled}
          searchPlaceholder="Search for saved searches"
          emptyTextFor={emptySavedSearchesText}
          label="Saved searches"
          rowTestId="saved-search-row"
          columnDefinitions={COLUMNS}
          columnRenderers={{
            title: {
              renderCell: (_value, view) => (
                <Anchor
                  component="button"
                  type="button"
                  ta="left"
                  onClick={() => onLoad(view)}
                >
                  {view.title}
                </Anchor>
              ),
            },
            summary: { renderCell: (value) => <Text size="sm" lineClamp={2}>{String(value ?? "")}</Text> },
            description: { renderCell: (value) => <Text size="sm" lineClamp={2}>{String(value ?? "")}</Text> },
          }}
          actionsColumnWidth={80}
          rowActions={(view) => (
            <>
              <ActionIcon
                variant="subtle"
                color="yellow"
                aria-label={view.favorite ? "Remove from favorites" : "Add to favorites"}
                title={view.favorite ? "Remove from favorites" : "Add to favorites"}
                onClick={() => void toggleFavorite(view)}
              >
                {view.favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
              </ActionIcon>
              {mayDelete(view) && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${view.title}`}
                  title="Delete"
                  disabled={busy}
                  onClick={() => setToDelete(view)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </>
          )}
          isSelectable={mayDelete}
          rowName={(view) => view.title}
          selectAllLabel="Select all saved searches on this page"
          selection={{ selectedIds: selected, onChange: setSelected }}
          bulkActions={(ids) => (
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} disabled={busy} onClick={() => setBulkConfirm(true)}>
              Delete selected ({ids.length})
            </Menu.Item>
          )}
        />
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete saved search"
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onConfirm={() => toDelete && void deleteOne(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteQuestion(toDelete.title) : ""}
      </ConfirmDialog>
      <ConfirmDialog
        opened={bulkConfirm}
        title="Delete saved searches"
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setBulkConfirm(false)}
      >
        {bulkDeleteQuestion(selected.length)}
      </ConfirmDialog>
    </>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof FetchError) return error.bodyMessage ?? error.statusText ?? String(error.status);
  return error instanceof Error ? error.message : String(error);
}
