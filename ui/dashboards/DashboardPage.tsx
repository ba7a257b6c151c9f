import { Badge, Box, Button, Center, Code, Group, Loader, Modal, Stack, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Provider, useAtom } from "jotai";
import { type ComponentProps, lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { DEFAULT_RELATIVE_TIMERANGE_OPTIONS } from "../../api/schemas/relative-timerange-options.ts";
import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type { Widget, WidgetPosition } from "../../api/schemas/widgets.ts";
import { paths } from "../../shared/paths.ts";
import { failureMessage, FetchError } from "../api/fetch-error.ts";
import { pageConfig } from "../api/page-config.ts";
import { toastError, toastSuccess } from "../common/toast.ts";
import { ErrorPage } from "../errors/ErrorPage.tsx";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { SearchBar } from "../search/SearchBar.tsx";
import { savedSearchQueryOptions } from "../search/search-queries.ts";
import { useSearchTimezone } from "../search/use-search-timezone.ts";
import { queryForValueAction } from "../search/logic/value-actions.ts";
import { useCurrentUser, usePermissions } from "../session/current-user.tsx";
import { useBreadcrumb } from "../shell/Breadcrumb.tsx";
import { useDirtyGuard } from "../shell/use-dirty-guard.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { highlightColor } from "../view/highlighting-rules.ts";
import { fieldTypesQueryOptions, searchConfigQueryOptions, streamsQueryOptions } from "../view/search-support-queries.ts";
import { toWireTimeRange } from "../view/search-request.ts";
import { rangePresets } from "../view/time-presets.ts";
import { useViewJob } from "../view/use-view-job.ts";
import { addWidget, addWidgetAt, replaceWidget } from "../view/view-widgets.ts";
import { SavedViewHeader } from "../views/SavedViewHeader.tsx";
import { setViewFavorite, toSavedView, viewQueryOptions } from "../views/view-queries.ts";
import { ViewMetadataDialog } from "../views/ViewMetadataDialog.tsx";
import { downloadAggregationCsv } from "../widgets/download-aggregation-csv.ts";
import { type CreatableWidget, WIDGET_CREATORS } from "../widgets/logic/create-widget.ts";
import { readWidgetFocus, withWidgetFocus } from "../widgets/logic/widget-focus.ts";
import { WidgetArea } from "../widgets/WidgetArea.tsx";
import { WidgetFrame } from "../widgets/WidgetFrame.tsx";
import { WIDGET_TYPES, widgetTitle } from "../widgets/widget-types.tsx";
import { CopyToDashboardDialog } from "./CopyToDashboardDialog.tsx";
import { CreateWidgetDialog } from "./CreateWidgetDialog.tsx";
import { DashboardActionsBar } from "./DashboardActionsBar.tsx";
import { invalidateDashboards, saveDashboard } from "./dashboard-queries.ts";
import { createDashboardStore, dashboardAtom, type DashboardState, isDashboardDirty } from "./dashboard-state.ts";
import { copyToDashboard } from "./copy-to-dashboard.ts";
import { EmptyDashboard } from "./EmptyDashboard.tsx";
import { FullScreenDialog } from "./FullScreenDialog.tsx";
import {
  activeAfterRemoval,
  addPage,
  copyPage,
  duplicatePage,
  moveWidgetToPage,
  NEW_DASHBOARD_PAGE_ID,
  movePageTargets,
  newDashboardPages,
  removePage,
  renamePage,
  reorderPages,
  travellingWidget,
  withoutWidget,
  withPageSearch,
  withPageWidgets,
} from "./logic/dashboard-pages.ts";
import { mayEditDashboard } from "./logic/dashboard-permissions.ts";
import { undeclaredParameters } from "./logic/undeclared-parameters.ts";
import { dashboardJob, dashboardPagesOf, type DashboardMetadata, type LoadedDashboard } from "./logic/dashboard-wire.ts";
import {
  applyOverride,
  type GlobalOverride,
  hasOverride,
  readGlobalOverride,
  RESET_GLOBAL_FILTER,
  RESET_GLOBAL_OVERRIDE,
  withGlobalOverride,
} from "./logic/global-override.ts";
import { effectiveOverride } from "./logic/dashboard-opening.ts";
import { MoveToPageDialog } from "./MoveToPageDialog.tsx";
import { PageTabs } from "./PageTabs.tsx";
import { PagesConfigurationDialog } from "./PagesConfigurationDialog.tsx";

/** Asked before leaving a dashboard with unsaved changes (spec 001 §8 'Confirmations'). */
export const LEAVE_DASHBOARD_QUESTION = "Are you sure you want to leave the page? Any unsaved changes will be lost.";
export const SAVE_FAILED = (message: string) => `Saving view failed: ${message}`;
export const SAVE_SUCCEEDED = (title: string) => `Saving view "${title}" was successful!`;

const WidgetsExportDialog = lazy(() =>
  import("../search/WidgetsExportDialog.tsx").then((module) => ({ default: module.WidgetsExportDialog }))
);
const ShareDialog = lazy(() => import("../views/search-action-dialogs.ts").then((module) => ({ default: module.ShareDialog })));

/**
 * A dashboard (spec 001 §2): /dashboards/new and /dashboards/{viewId}. A view of type DASHBOARD whose queries are
 * its pages; all pages run as one search job (ui/view: useViewJob), the active page's widgets in the grid.
 */
export function DashboardPage({ fresh = false }: { fresh?: boolean }) {
  const { viewId } = useParams();
  if (fresh || viewId === undefined) return <ScopedDashboard key="new" loaded={null} />;
  return <SavedDashboardLoader key={viewId} viewId={viewId} />;
}

function SavedDashboardLoader({ viewId }: { viewId: string }) {
  const view = useQuery(viewQueryOptions(viewId));
  const searchId = view.data?.search_id;
  const search = useQuery({ ...savedSearchQueryOptions(searchId ?? ""), enabled: searchId !== undefined });
  const error = view.error ?? search.error;
  if (error instanceof FetchError && error.status === 404) return <NotFoundPage />;
  if (error) return <ErrorPage title="Something went wrong" description={failureMessage(error)} />;
  if (!view.data || !search.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return <ScopedDashboard loaded={{ view: view.data, search: search.data }} />;
}

/** The dashboard inside a store of its own, filled once from what was loaded. */
function ScopedDashboard({ loaded }: { loaded: LoadedDashboard | null }) {
  const [store] = useState(() => createDashboardStore(openingState(loaded)));
  return (
    <Provider store={store}>
      <DashboardView />
    </Provider>
  );
}

function openingState(loaded: LoadedDashboard | null): DashboardState {
  if (!loaded) return { pages: newDashboardPages(NEW_DASHBOARD_PAGE_ID), view: null, savedPages: null };
  const pages = dashboardPagesOf(loaded);
  return { pages, view: toSavedView(loaded.view), savedPages: pages };
}

type Dialog =
  /** 'Create new widget'; `at` is the empty slot it was opened from (none: the new widget goes top left). */
  | { kind: "create"; at?: WidgetPosition }
  | { kind: "properties" }
  | { kind: "metadata" }
  | { kind: "share" }
  /** The dashboard's Export (no widget) or a message table's own. */
  | { kind: "export"; widgetId: string | null }
  | { kind: "full-screen" }
  | { kind: "debug" }
  | { kind: "pages" }
  | { kind: "move"; widgetId: string }
  | { kind: "copy-widget"; widgetId: string }
  | { kind: "move-widget"; widgetId: string }
  | { kind: "copy-page"; pageId: string };

function DashboardView() {
  const [state, setState] = useAtom(dashboardAtom);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const timezone = useSearchTimezone();
  const { pages, view } = state;
  const requested = params.get("page");
  const active = pages.find((page) => page.id === requested) ?? pages[0];
  const focus = useMemo(() => readWidgetFocus(params), [params]);
  const override = readGlobalOverride(params);
  const validOverride = effectiveOverride(params);
  const permissions = usePermissions();
  const editable = view === null ? permissions.isPermitted("dashboards:create") : mayEditDashboard(user, view);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The dashboard's auto refresh, kept here: the search bar is mounted anew for each page.
  const [refresh, setRefresh] = useState<ComponentProps<typeof SearchBar>["refresh"]>(undefined);
  const [draft, setDraft] = useState<Widget | null>(null);
  const [newWidgetId, setNewWidgetId] = useState<string | null>(null);
  const [run, setRun] = useState(0);
  const [tablePages, setTablePages] = useState<Record<string, number>>({});
  // A navigation waiting for the render in which the saved state is no longer dirty (the guard would ask otherwise).
  const [leaveTo, setLeaveTo] = useState<string | null>(null);

  useBreadcrumb([{ label: "Dashboards", href: paths.dashboards.href() }, { label: view?.title ?? "New dashboard" }]);
  useDocumentTitle(view?.title ?? "New dashboard");
  // A page id the dashboard does not have is removed from the URL (spec 001 §2); checked when the URL names a new
  // page, not when pages change (removing the active page names its neighbour in the same step).
  useEffect(() => {
    if (requested !== null && !pages.some((page) => page.id === requested)) {
      const next = new URLSearchParams(params);
      next.delete("page");
      setParams(next, { replace: true });
    }
  }, [requested]);

  const dirty = isDashboardDirty(state);
  const undeclared = useMemo(() => undeclaredParameters(pages), [pages]);
  const exportedWidget = dialog?.kind === "export" ? active.widgets.widgets.find((widget) => widget.id === dialog.widgetId) : undefined;
  useDirtyGuard(dirty && leaveTo === null, LEAVE_DASHBOARD_QUESTION);
  // After the guard's own effect has seen the saved state (effects run in order).
  useEffect(() => {
    if (leaveTo !== null) navigate(leaveTo);
  }, [leaveTo]);

  const mayReadConfig = permissions.isPermitted("clusterconfigentry:read");
  const config = useQuery({ ...searchConfigQueryOptions(), enabled: mayReadConfig });
  const presets = useMemo(
    () => rangePresets(config.data?.relative_timerange_options ?? DEFAULT_RELATIVE_TIMERANGE_OPTIONS, config.data?.query_time_range_limit),
    [config.data],
  );
  const streams = useQuery(streamsQueryOptions());
  const jobPages = useMemo(
    () => draft ? withPageWidgets(pages, active.id, replaceWidget(active.widgets, draft)) : pages,
    [pages, draft, active],
  );
  const job = useViewJob(dashboardJob(jobPages, timezone, validOverride, tablePages, run));
  const result = job.queryResult(active.id);
  const running = applyOverride(active.search, validOverride);
  const fieldTypes = useQuery(fieldTypesQueryOptions(running.streams, running.timerange, timezone));

  const setPages = (update: (current: DashboardState["pages"]) => DashboardState["pages"]) =>
    setState((current) => ({ ...current, pages: update(current.pages) }));
  const selectPage = (pageId: string) => {
    const next = withWidgetFocus(params, { mode: "none" });
    next.set("page", pageId);
    setParams(next);
  };
  const setOverride = (next: GlobalOverride) => setParams(withGlobalOverride(params, next));

  const save = async (metadata: DashboardMetadata, existingId: string | null) => {
    try {
      const saved = toSavedView(await saveDashboard(pages, metadata, timezone, existingId));
      setState((current) => ({ ...current, view: saved, savedPages: current.pages }));
      await invalidateDashboards(queryClient);
      toastSuccess(SAVE_SUCCEEDED(saved.title), "Success!");
      if (existingId === null) setLeaveTo(`${paths.dashboard.href({ viewId: saved.id })}?page=${encodeURIComponent(active.id)}`);
    } catch (error) {
      toastError(SAVE_FAILED(failureMessage(error)), "Error!");
    }
  };
  const saveMetadata = async (metadata: DashboardMetadata) => {
    if (!view || !state.savedPages) return;
    try {
      const saved = toSavedView(await saveDashboard(state.savedPages, metadata, timezone, view.id));
      setState((current) => ({ ...current, view: saved }));
      await invalidateDashboards(queryClient);
    } catch (error) {
      toastError(SAVE_FAILED(failureMessage(error)), "Error!");
    }
  };
  const create = (kind: CreatableWidget, at: WidgetPosition | undefined) => {
    const created = WIDGET_CREATORS[kind](crypto.randomUUID());
    const widgets = at
      ? addWidgetAt(active.widgets, created.widget, at, created.title)
      : addWidget(active.widgets, created.widget, WIDGET_TYPES[created.widget.type].size, created.title);
    setPages((current) => withPageWidgets(current, active.id, widgets));
    if (created.edit) {
      setNewWidgetId(created.widget.id);
      setParams(withWidgetFocus(params, { mode: "editing", widgetId: created.widget.id }));
    }
  };
  const copyWidgetTo = async (widgetId: string, dashboardId: string) => {
    const travelling = travellingWidget(active, widgetId);
    if (!travelling) return;
    try {
      await copyToDashboard(dashboardId, { kind: "widget", widget: travelling }, timezone);
      await invalidateDashboards(queryClient);
      setDialog(null);
      navigate(paths.dashboard.href({ viewId: dashboardId }));
    } catch (error) {
      toastError(error, "Copying the widget failed");
    }
  };
  // The target gets the widget first; then the source loses it, saved at once so that the move holds (the
  // dashboard's other unsaved changes stay unsaved).
  const moveWidgetTo = async (widgetId: string, dashboardId: string) => {
    const travelling = travellingWidget(active, widgetId);
    if (!travelling || !view || !state.savedPages) return;
    try {
      await copyToDashboard(dashboardId, { kind: "widget", widget: travelling, moved: true }, timezone);
      const savedPages = withoutWidget(state.savedPages, widgetId);
      await saveDashboard(savedPages, { title: view.title, summary: view.summary, description: view.description }, timezone, view.id);
      setState((current) => ({ ...current, pages: withoutWidget(current.pages, widgetId), savedPages }));
      await invalidateDashboards(queryClient);
      setDialog(null);
      navigate(paths.dashboard.href({ viewId: dashboardId }));
    } catch (error) {
      toastError(error, "Moving the widget failed");
    }
  };
  const copyPageTo = async (pageId: string, dashboardId: string) => {
    const page = pages.find((candidate) => candidate.id === pageId);
    if (!page) return;
    try {
      await copyToDashboard(dashboardId, { kind: "page", page: { ...copyPage(page, () => crypto.randomUUID()), id: crypto.randomUUID() } }, timezone);
      await invalidateDashboards(queryClient);
      setDialog(null);
      navigate(paths.dashboard.href({ viewId: dashboardId }));
    } catch (error) {
      console.error(`Copying dashboard page failed with error ${failureMessage(error)}`);
      toastError("Copying the dashboard page failed.");
    }
  };

  return (
    <Box px="md" py="sm">
      <VisuallyHidden>
        <Title order={1}>Dashboard</Title>
      </VisuallyHidden>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          {view
            ? (
              <SavedViewHeader
                view={view}
                type="dashboard"
                editable={editable}
                onToggleFavorite={() => {
                  const favorite = !view.favorite;
                  void setViewFavorite(view, favorite)
                    .then(() => setState((current) => current.view ? { ...current, view: { ...current.view, favorite } } : current))
                    .then(() => invalidateDashboards(queryClient))
                    .catch((error) => toastError(error));
                }}
                onMetadataChange={(metadata) => void saveMetadata(metadata)}
              />
            )
            : <Title order={2} size="h4">New dashboard</Title>}
          <DashboardActionsBar
            isNew={view === null}
            dirty={dirty}
            editable={editable}
            undeclaredParameters={undeclared}
            debug={pageConfig().devMode}
            onSave={() => view && void save({ title: view.title, summary: view.summary, description: view.description }, view.id)}
            onSaveAs={() => setDialog({ kind: "properties" })}
            onExport={() => setDialog({ kind: "export", widgetId: null })}
            onShare={() => setDialog({ kind: "share" })}
            onEditMetadata={() => setDialog({ kind: "metadata" })}
            onFullScreen={() => setDialog({ kind: "full-screen" })}
            onDebug={() => setDialog({ kind: "debug" })}
          />
        </Group>
        <Suspense fallback={null}>
          {/* Keyed by the page: each page's editor holds that page's own query (spec 001), so what is typed or
              being submitted on one page never shows on another, even where both pages search alike. */}
          <SearchBar
            key={active.id}
            submitted={active.search}
            refresh={refresh}
            onRefreshChange={setRefresh}
            onSubmit={(search) => {
              if (JSON.stringify(search) === JSON.stringify(active.search)) setRun((r) => r + 1);
              else setPages((current) => withPageSearch(current, active.id, search));
            }}
            streams={streams.data?.streams ?? []}
            presets={presets}
            timezone={timezone}
            searching={job.isFetching}
          />
        </Suspense>
        <OverrideBar
          override={validOverride}
          error={typeof override === "string" ? override : null}
          onChange={setOverride}
          onApplyToAll={() => setOverride({ ...validOverride, timerange: active.search.timerange, query: active.search.query })}
        />
        <Group justify="space-between" wrap="nowrap">
          <PageTabs
            pages={pages}
            activeId={active.id}
            onSelect={selectPage}
            editable={editable}
            onAdd={() => {
              const id = crypto.randomUUID();
              setPages((current) => addPage(current, id));
              selectPage(id);
            }}
            onRename={(pageId, title) => setPages((current) => renamePage(current, pageId, title))}
            onDuplicate={(pageId) => {
              const id = crypto.randomUUID();
              setPages((current) => duplicatePage(current, pageId, id, () => crypto.randomUUID()));
              selectPage(id);
            }}
            onCopyToDashboard={(pageId) => setDialog({ kind: "copy-page", pageId })}
            onDelete={(pageId) => {
              const next = activeAfterRemoval(pages, pageId, active.id);
              setPages((current) => removePage(current, pageId));
              selectPage(next);
            }}
            onConfigure={() => setDialog({ kind: "pages" })}
          />
          <Group gap="xs" wrap="nowrap">
            {job.isFetching && <Loader size="xs" />}
            {!job.isFetching && result && <Text size="xs" c="dimmed">Query executed in {result.durationMs} ms.</Text>}
            {editable && <Button size="xs" variant="light" onClick={() => setDialog({ kind: "create" })}>Create new widget</Button>}
          </Group>
        </Group>
        {job.error && <WidgetFrame title="Search" errors={[failureMessage(job.error)]}>{null}</WidgetFrame>}
        <Box style={{ opacity: job.isPlaceholderData ? 0.6 : 1 }}>
          <WidgetArea
            view={active.widgets}
            onViewChange={(widgets) => setPages((current) => withPageWidgets(current, active.id, widgets))}
            results={result?.widgets}
            focus={focus}
            onFocusChange={(next) => {
              if (next.mode !== "editing") {
                setDraft(null);
                setNewWidgetId(null);
              }
              setParams(withWidgetFocus(params, next));
            }}
            draft={draft}
            onDraftChange={setDraft}
            previewing={job.isFetching && draft !== null}
            pages={tablePages}
            onPageChange={(widgetId, page) => setTablePages((current) => ({ ...current, [widgetId]: page }))}
            onExport={(widgetId) => {
              const widget = active.widgets.widgets.find((candidate) => candidate.id === widgetId);
              const data = result?.widgets[widgetId]?.data;
              // An aggregation exports the table it shows, as CSV, straight away; a message table opens the dialog.
              if (widget?.type === "aggregation" && data?.type === "aggregation") {
                downloadAggregationCsv(widget, data.pivot, widgetTitle(widget, active.widgets.titles));
              } else if (widget?.type === "messages") setDialog({ kind: "export", widgetId });
            }}
            onCopyToDashboard={(widgetId) => setDialog({ kind: "copy-widget", widgetId })}
            onMoveToPage={(widgetId) => setDialog({ kind: "move", widgetId })}
            onMoveToDashboard={view ? (widgetId) => setDialog({ kind: "move-widget", widgetId }) : undefined}
            editable={editable}
            newWidgetId={newWidgetId}
            onCreateAt={editable ? (at) => setDialog({ kind: "create", at }) : undefined}
            empty={<EmptyDashboard onCreate={editable ? () => setDialog({ kind: "create" }) : undefined} />}
            context={{
              timezone,
              fieldTypes: fieldTypes.data ?? [],
              highlighting: active.widgets.highlighting,
              cellColor: (field, value) => highlightColor(active.widgets.highlighting, field, value, fieldTypes.data ?? []),
              query: active.search.query,
              onQueryChange: (query) => setPages((current) => withPageSearch(current, active.id, { ...active.search, query })),
              onTimeRangeChange: (from, to) =>
                setPages((current) => withPageSearch(current, active.id, { ...active.search, timerange: { type: "absolute", from, to } })),
              onValueAction: (action, path) =>
                setPages((current) =>
                  withPageSearch(current, active.id, {
                    ...active.search,
                    query: queryForValueAction(active.search.query, action, path, (field) => isTimeField(field, fieldTypes.data ?? [])),
                  })
                ),
            }}
          />
        </Box>
      </Stack>

      <CreateWidgetDialog
        opened={dialog?.kind === "create"}
        onClose={() => setDialog(null)}
        onCreate={(kind) => create(kind, dialog?.kind === "create" ? dialog.at : undefined)}
      />
      <ViewMetadataDialog
        opened={dialog?.kind === "properties"}
        type="dashboard"
        heading="Dashboard properties"
        submitLabel="Save"
        metadata={{ title: view ? `${view.title} (Copy)` : "", summary: view?.summary ?? "", description: view?.description ?? "" }}
        onSave={(metadata) => void save(metadata, null)}
        onClose={() => setDialog(null)}
      />
      {view && (
        <ViewMetadataDialog
          opened={dialog?.kind === "metadata"}
          type="dashboard"
          metadata={{ title: view.title, summary: view.summary, description: view.description }}
          onSave={(metadata) => void saveMetadata(metadata)}
          onClose={() => setDialog(null)}
        />
      )}
      {view && dialog?.kind === "share" && (
        <Suspense fallback={null}>
          <ShareDialog
            opened
            onClose={() => setDialog(null)}
            entityGrn={`grn::::dashboard:${view.id}`}
            entityType="dashboard"
            entityTitle={view.title}
          />
        </Suspense>
      )}
      {dialog?.kind === "export" && (
        <Suspense fallback={null}>
          <WidgetsExportDialog
            opened
            onClose={() => setDialog(null)}
            origin={exportedWidget ? "widget" : "dashboard"}
            widgets={active.widgets.widgets}
            titleOf={(widget) => widgetTitle(widget, active.widgets.titles)}
            preselectedTableId={dialog.widgetId}
            availableFields={(fieldTypes.data ?? []).map((field) => field.name)}
            query={running.query}
            timerange={toWireTimeRange(running.timerange, timezone)}
            streams={running.streams}
            title={exportedWidget ? widgetTitle(exportedWidget, active.widgets.titles) : view?.title ?? null}
          />
        </Suspense>
      )}
      {view && (
        <FullScreenDialog
          opened={dialog?.kind === "full-screen"}
          viewId={view.id}
          pages={pages}
          onClose={() => setDialog(null)}
        />
      )}
      <PagesConfigurationDialog
        opened={dialog?.kind === "pages"}
        pages={pages}
        onClose={() => setDialog(null)}
        onRename={(pageId, title) => setPages((current) => renamePage(current, pageId, title))}
        onMove={(from, to) => setPages((current) => reorderPages(current, from, to))}
        onDelete={(pageId) => {
          const next = activeAfterRemoval(pages, pageId, active.id);
          setPages((current) => removePage(current, pageId));
          if (next !== active.id) selectPage(next);
        }}
      />
      <MoveToPageDialog
        opened={dialog?.kind === "move"}
        targets={movePageTargets(pages, active.id)}
        onClose={() => setDialog(null)}
        onSelect={(pageId) => {
          if (dialog?.kind === "move") setPages((current) => moveWidgetToPage(current, active.id, dialog.widgetId, pageId));
          setDialog(null);
        }}
      />
      <CopyToDashboardDialog
        opened={dialog?.kind === "copy-widget" || dialog?.kind === "copy-page" || dialog?.kind === "move-widget"}
        excludeId={view?.id ?? null}
        onClose={() => setDialog(null)}
        onSelect={(dashboardId) => {
          if (dialog?.kind === "copy-widget") void copyWidgetTo(dialog.widgetId, dashboardId);
          if (dialog?.kind === "copy-page") void copyPageTo(dialog.pageId, dashboardId);
          if (dialog?.kind === "move-widget") void moveWidgetTo(dialog.widgetId, dashboardId);
        }}
      />
      <Modal opened={dialog?.kind === "debug"} onClose={() => setDialog(null)} title="Debug information" size="xl">
        <Code block>{JSON.stringify({ view, pages }, null, 2)}</Code>
      </Modal>
    </Box>
  );
}

interface OverrideBarProps {
  override: GlobalOverride;
  error: string | null;
  onChange(override: GlobalOverride): void;
  onApplyToAll(): void;
}

/**
 * The global override and the dashboard filter (spec 001 §4 'Global override'; the filter goes beyond Graylog):
 * read-only values with their reset buttons, and the filter's input, all kept in the URL.
 */
function OverrideBar({ override, error, onChange, onApplyToAll }: OverrideBarProps) {
  const [filter, setFilter] = useState(override.filter);
  useEffect(() => setFilter(override.filter), [override.filter]);
  return (
    <Group gap="xs" wrap="wrap" data-testid="dashboard-override">
      <TextInput
        size="xs"
        w={320}
        aria-label="Dashboard filter"
        placeholder="Filter every widget, e.g. source:web-01"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") onChange({ ...override, filter: filter.trim() });
        }}
      />
      {override.filter !== "" && (
        <Button size="xs" variant="subtle" onClick={() => onChange({ ...override, filter: "" })}>{RESET_GLOBAL_FILTER}</Button>
      )}
      {hasOverride(override)
        ? (
          <>
            {override.timerange && <Badge variant="light">Time range overridden for all pages</Badge>}
            {override.query !== null && <Badge variant="light">Query overridden for all pages: {override.query || "*"}</Badge>}
            <Button size="xs" variant="subtle" onClick={() => onChange({ ...override, timerange: null, query: null })}>
              {RESET_GLOBAL_OVERRIDE}
            </Button>
          </>
        )
        : <Button size="xs" variant="subtle" onClick={onApplyToAll}>Apply this page's time range and query to all pages</Button>}
      {error && <Text size="xs" c="red">{error}</Text>}
    </Group>
  );
}

function isTimeField(field: string, fieldTypes: readonly FieldTypeMapping[]): boolean {
  return field === "timestamp" || fieldTypes.find((mapping) => mapping.name === field)?.type.type === "date";
}
