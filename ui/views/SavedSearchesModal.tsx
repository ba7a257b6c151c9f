import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconStar, IconStarFilled, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { isAnyPermitted } from "../../shared/permissions.ts";
import { FetchError } from "../api/fetch-error.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { DelayedLoader, SPINNER_DELAY_MS } from "../common/DelayedLoader.tsx";
import { SearchBox } from "../common/paginated-list/SearchBox.tsx";
import { toastError, toastSuccess } from "../common/toast.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import {
  bulkDeleteErrorText,
  bulkDeleteOutcome,
  bulkDeleteQuestion,
  deleteQuestion,
  emptySavedSearchesText,
  INITIAL_SAVED_SEARCHES_PARAMS,
  loadSavedSearchesErrorText,
  SAVED_SEARCHES_PAGE_SIZE,
  type SavedSearchesListParams,
  togglePageSelected,
  toggleSelected,
} from "./logic/saved-searches-list.ts";
import {
  bulkDeleteViews,
  deleteView,
  invalidateViews,
  savedSearchesQueryOptions,
  type SavedView,
  setViewFavorite,
} from "./view-queries.ts";

interface Props {
  opened: boolean;
  onClose(): void;
  /** A row was chosen: the page loads that saved search (the modal closes itself). */
  onLoad(view: SavedView): void;
  /** The id of the search open on the page, if saved: deleting it calls `onDeleteActive`. */
  activeViewId?: string | null;
  /** The open search was deleted; the page navigates away (spec 001 §8). */
  onDeleteActive?(): void;
}

/**
 * The Load dialog of the search page: the saved searches list (spec 001 §2, §8, §9) with search, paging by
 * 20, favorites, delete with confirmation and bulk delete.
 */
export function SavedSearchesModal({ opened, onClose, onLoad, activeViewId = null, onDeleteActive }: Props) {
  const [params, setParams] = useState<SavedSearchesListParams>(INITIAL_SAVED_SEARCHES_PARAMS);
  const [selected, setSelected] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<SavedView | null>(null);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const list = useQuery({
    ...savedSearchesQueryOptions(params),
    enabled: opened,
    placeholderData: keepPreviousData,
  });

  const views = list.data?.views ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / SAVED_SEARCHES_PAGE_SIZE));
  // Spec 001 §6: deleting needs view:edit:{id} or view:edit; owners may always delete their own.
  const mayDelete = (view: SavedView) =>
    view.owner === user.username || isAnyPermitted(user.permissions, [`view:edit:${view.id}`, "view:edit"]);
  const deletableIds = views.filter(mayDelete).map((view) => view.id);
  const allOnPage = deletableIds.length > 0 && deletableIds.every((id) => selected.includes(id));
  const someOnPage = deletableIds.some((id) => selected.includes(id));

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
    <Modal opened={opened} onClose={onClose} title="Saved searches" size="xl">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Box style={{ flex: 1, maxWidth: 360 }}>
            <SearchBox
              query=""
              placeholder="Search for saved searches"
              onSearch={(query) => setParams({ query, page: 1 })}
            />
          </Box>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            disabled={selected.length === 0 || busy}
            onClick={() => setBulkConfirm(true)}
          >
            Delete selected ({selected.length})
          </Button>
        </Group>
        {list.isError && (
          <Alert color="red" title="Could not load saved searches">
            {loadSavedSearchesErrorText(
              list.error instanceof FetchError ? list.error.status : messageOf(list.error),
            )}
          </Alert>
        )}
        {list.isPending && opened && <DelayedLoader delay={SPINNER_DELAY_MS} />}
        {list.isSuccess && views.length === 0 && (
          <Text c="dimmed">{emptySavedSearchesText(params.query)}</Text>
        )}
        {views.length > 0 && (
          <Table highlightOnHover verticalSpacing={6} aria-label="Saved searches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <Checkbox
                    size="xs"
                    aria-label="Select all saved searches on this page"
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    disabled={deletableIds.length === 0}
                    onChange={() => setSelected((ids) => togglePageSelected(ids, deletableIds))}
                  />
                </Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Summary</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={44} aria-label="Favorite" />
                <Table.Th w={44} aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {views.map((view) => (
                <Table.Tr key={view.id} data-testid="saved-search-row">
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={`Select ${view.title}`}
                      disabled={!mayDelete(view)}
                      checked={selected.includes(view.id)}
                      onChange={() => setSelected((ids) => toggleSelected(ids, view.id))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => {
                        onLoad(view);
                        onClose();
                      }}
                    >
                      {view.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>{view.summary}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>{view.description}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="yellow"
                      aria-label={view.favorite ? "Remove from favorites" : "Add to favorites"}
                      title={view.favorite ? "Remove from favorites" : "Add to favorites"}
                      onClick={() => void toggleFavorite(view)}
                    >
                      {view.favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={params.page}
            onChange={(page) => setParams((current) => ({ ...current, page }))}
          />
        )}
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
    </Modal>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof FetchError) return error.bodyMessage ?? error.statusText ?? String(error.status);
  return error instanceof Error ? error.message : String(error);
}
