import { ActionIcon, Anchor, Box, Button, Menu, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconCopy, IconDots, IconPlus, IconStar, IconStarFilled, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { View } from "../../api/schemas/views.ts";
import { paths } from "../../shared/paths.ts";
import { failureMessage, FetchError } from "../api/fetch-error.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityTable } from "../common/entity-table/EntityTable.tsx";
import { usePersistedTableLayout } from "../common/entity-table/use-persisted-table-layout.ts";
import { SearchBox } from "../common/paginated-list/SearchBox.tsx";
import { toastError, toastSuccess } from "../common/toast.ts";
import { useCurrentUser, usePermissions } from "../session/current-user.tsx";
import { PageLayout } from "../shell/PageLayout.tsx";
import { bulkDeleteViews, deleteView, setViewFavorite, toSavedView } from "../views/view-queries.ts";
import { dashboardListQueryOptions, invalidateDashboards } from "./dashboard-queries.ts";
import { duplicateDashboard } from "./duplicate-dashboard.ts";
import { mayEditDashboard } from "./logic/dashboard-permissions.ts";
import {
  bulkDeleteDashboardsQuestion,
  bulkDeleteOutcome,
  DASHBOARD_COLUMNS,
  DASHBOARD_LAYOUT_DEFAULTS,
  DASHBOARD_PAGE_SIZES,
  DASHBOARDS_TABLE_ID,
  deleteDashboardQuestion,
  deletedDashboardText,
  LOADING_DASHBOARDS_FAILED_TITLE,
  loadingDashboardsFailed,
  NO_DASHBOARDS_FOUND,
} from "./logic/dashboard-list.ts";

/**
 * /dashboards (spec 001 §2): the dashboards the user may see on the shared entity table, with search, paging,
 * the user's layout, favorites, delete one by one or in bulk, and 'Duplicate as template'.
 */
export function DashboardsPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const user = useCurrentUser();
  const { layout, onSortChange, onColumnsChange, onPageSizeChange } = usePersistedTableLayout(DASHBOARDS_TABLE_ID, {
    defaults: DASHBOARD_LAYOUT_DEFAULTS,
    pageSizes: DASHBOARD_PAGE_SIZES,
  });
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<View | null>(null);
  const [bulkDelete, setBulkDelete] = useState<string[] | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const sort = layout.sort ?? DASHBOARD_LAYOUT_DEFAULTS.sort!;
  const list = useQuery(dashboardListQueryOptions({ query, page, perPage: layout.perPage, sort }));
  const mayCreate = permissions.isPermitted("dashboards:create");
  const mayEdit = (view: View) => mayEditDashboard(user, view);
  const refresh = () => invalidateDashboards(queryClient);

  const act = async (work: () => Promise<unknown>, success: string | null) => {
    setBusy(true);
    try {
      await work();
      if (success) toastSuccess(success);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const runBulkDelete = async (ids: string[]) => {
    setBusy(true);
    try {
      const answer = await bulkDeleteViews(ids);
      const outcome = bulkDeleteOutcome(ids.length, answer.failures.length);
      (outcome.ok ? toastSuccess : toastError)(outcome.text);
      setSelected(answer.failures.map((failure) => failure.entity_id));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
      setBulkDelete(null);
      await refresh();
    }
  };

  return (
    <PageLayout
      title="Dashboards"
      description="Use dashboards to create specific views on your messages. Create a new dashboard here and add any chart or message table you build in a search with one click."
      actions={mayCreate && (
        <Button component={Link} to={paths.dashboardNew.href()} leftSection={<IconPlus size={16} />}>Create new dashboard</Button>
      )}
    >
      {list.error && (
        <Text c="red" role="alert">
          {LOADING_DASHBOARDS_FAILED_TITLE}: {loadingDashboardsFailed(list.error instanceof FetchError ? list.error.status : failureMessage(list.error))}
        </Text>
      )}
      <EntityTable<View>
        label="Dashboards"
        rowTestId="dashboard-row"
        entities={list.data?.elements ?? []}
        columnDefinitions={DASHBOARD_COLUMNS}
        visibleColumns={layout.displayedAttributes}
        onColumnsChange={onColumnsChange}
        activeSort={sort}
        onSortChange={(next) => {
          setPage(1);
          onSortChange(next);
        }}
        loading={list.isPending}
        emptyText={NO_DASHBOARDS_FOUND}
        toolbar={
          <Box w={360}>
            <SearchBox
              placeholder="Search for dashboards"
              onSearch={(next) => {
                setQuery(next);
                setPage(1);
              }}
            />
          </Box>
        }
        columnRenderers={{
          title: {
            renderCell: (_value, view) => (
              <Anchor component={Link} to={paths.dashboard.href({ viewId: view.id })} fw={600} size="sm">{view.title}</Anchor>
            ),
          },
          summary: { renderCell: (value) => <Text size="sm" lineClamp={2}>{String(value ?? "")}</Text> },
          description: { renderCell: (value) => <Text size="sm" lineClamp={2}>{String(value ?? "")}</Text> },
          created_at: { renderCell: (value) => <Text size="sm">{String(value).slice(0, 19).replace("T", " ")}</Text> },
          favorite: {
            renderCell: (_value, view) => (
              <ActionIcon
                variant="subtle"
                color="yellow"
                aria-label={view.favorite ? `Remove ${view.title} from favorites` : `Add ${view.title} to favorites`}
                title={view.favorite ? "Remove from favorites" : "Add to favorites"}
                aria-pressed={view.favorite}
                onClick={() => void act(() => setViewFavorite(toSavedView(view), !view.favorite), null)}
              >
                {view.favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
              </ActionIcon>
            ),
          },
        }}
        rowName={(view) => view.title}
        selectAllLabel="Select all dashboards on this page"
        isSelectable={mayEdit}
        selection={{ selectedIds: selected, onChange: setSelected }}
        bulkActions={(ids) => (
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} disabled={busy} onClick={() => setBulkDelete(ids)}>
            Delete selected ({ids.length})
          </Menu.Item>
        )}
        actionsColumnWidth={80}
        rowActions={(view) => (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`More actions for ${view.title}`} title="More actions">
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {mayCreate && (
                <Menu.Item
                  leftSection={<IconCopy size={14} />}
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      const copy = await duplicateDashboard(view.id);
                      navigate(paths.dashboard.href({ viewId: copy.id }));
                    }, null)}
                >
                  Duplicate as template
                </Menu.Item>
              )}
              {mayEdit(view) && (
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setToDelete(view)}>Delete</Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        pagination={{
          page,
          perPage: layout.perPage,
          total: list.data?.total ?? 0,
          pageSizes: DASHBOARD_PAGE_SIZES,
          onChange: (nextPage, perPage) => {
            setPage(nextPage);
            if (perPage !== layout.perPage) onPageSizeChange(perPage);
          },
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete dashboard"
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onConfirm={() => {
          const view = toDelete;
          if (!view) return;
          void act(() => deleteView(view.id), deletedDashboardText(view.title)).then(() => setToDelete(null));
        }}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteDashboardQuestion(toDelete.title) : ""}
      </ConfirmDialog>
      <ConfirmDialog
        opened={bulkDelete !== null}
        title="Delete dashboards"
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onConfirm={() => bulkDelete && void runBulkDelete(bulkDelete)}
        onCancel={() => setBulkDelete(null)}
      >
        {bulkDelete ? bulkDeleteDashboardsQuestion(bulkDelete.length) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
