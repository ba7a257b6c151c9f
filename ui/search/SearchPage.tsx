import { Box, Center, Group, Loader, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Provider, useAtom, useAtomValue } from "jotai";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { DEFAULT_RELATIVE_TIMERANGE_OPTIONS } from "../../api/schemas/relative-timerange-options.ts";
import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type { AggregationWidgetConfig, PivotInterval, Widget } from "../../api/schemas/widgets.ts";
import { paths } from "../../shared/paths.ts";
import { statisticsConfig, topValuesConfig } from "../aggregation/logic/widget-presets.ts";
import { FetchError, failureMessage } from "../api/fetch-error.ts";
import { toastError } from "../common/toast.ts";
import { copyToDashboard } from "../dashboards/copy-to-dashboard.ts";
import { formatTimestamp } from "../common/time-format.ts";
import { ErrorPage } from "../errors/ErrorPage.tsx";
import { MissingStreamPermissionsPage } from "../errors/MissingStreamPermissionsPage.tsx";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { useCurrentUser, usePermissions } from "../session/current-user.tsx";
import { useBreadcrumb } from "../shell/Breadcrumb.tsx";
import { useDirtyGuard } from "../shell/use-dirty-guard.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { highlightColor } from "../view/highlighting-rules.ts";
import { QUERY_ID, type SearchDefinition, toWireTimeRange } from "../view/search-request.ts";
import { fieldTypesQueryOptions, searchConfigQueryOptions, streamsQueryOptions } from "../view/search-support-queries.ts";
import { rangePresets } from "../view/time-presets.ts";
import { useViewJob } from "../view/use-view-job.ts";
import {
  type ParsedSearchUrl,
  parseSearchUrl,
  type SearchUrlState,
  toSearchParams,
  urlNamesSearch,
} from "../view/url-state.ts";
import { useKeptViewScope, useViewScope } from "../view/view-scope.ts";
import { openViewAtom, type ViewScopeState, viewWidgetsAtom } from "../view/view-state.ts";
import { addWidget, columnSpan, replaceWidget } from "../view/view-widgets.ts";
import { SavedViewHeader } from "../views/SavedViewHeader.tsx";
import { SearchActionsBar } from "../views/SearchActionsBar.tsx";
import { downloadAggregationCsv } from "../widgets/download-aggregation-csv.ts";
import { type CreatableWidget, WIDGET_CREATORS } from "../widgets/logic/create-widget.ts";
import { messageCountWidget } from "../widgets/logic/default-search-view.ts";
import { readWidgetFocus, type WidgetFocus, withWidgetFocus } from "../widgets/logic/widget-focus.ts";
import { WidgetArea } from "../widgets/WidgetArea.tsx";
import { WidgetFrame } from "../widgets/WidgetFrame.tsx";
import { WIDGET_TYPES, widgetTitle } from "../widgets/widget-types.tsx";
import { messageTablesForExport } from "./export/export-tables.ts";
import { messageCountInterval } from "./logic/message-count-interval.ts";
import { openSearchPage, searchPageJob, submittedSearch } from "./logic/search-page-view.ts";
import { lacksStreamPermissions, unreadableStreams } from "./logic/stream-permissions.ts";
import { queryForValueAction } from "./logic/value-actions.ts";
import { NoStreamPermissionsPage } from "./NoStreamPermissionsPage.tsx";
import { SearchBar } from "./SearchBar.tsx";
import { CreateSection } from "./sidebar/CreateSection.tsx";
import { currentFieldNames } from "./sidebar/field-list.ts";
import { FieldsSection } from "./sidebar/FieldsSection.tsx";
import { HighlightingSection } from "./sidebar/HighlightingSection.tsx";
import { DescriptionSection, SearchSidebar } from "./sidebar/SearchSidebar.tsx";
import { useMessageCountInterval } from "./use-message-count-interval.ts";
import { useSavedSearch } from "./use-saved-search.ts";
import { useSearchActions } from "./use-search-actions.ts";
import { useSearchTimezone } from "./use-search-timezone.ts";

export const UPDATING_TEXT = "Updating search results...";
/** Set on <html> once the search page has hydrated and responds to input. */
export const SEARCH_PAGE_HYDRATED_ATTRIBUTE = "data-search-page-hydrated";
/** Asked before leaving a saved search with unsaved changes (spec 001 §8 'Confirmations'). */
export const LEAVE_SEARCH_QUESTION =
  "Are you sure you want to leave the page? Any unsaved changes will be lost.";

/** The export target of the search-wide 'Export' action (a widget's Export names the widget id instead). */
const SEARCH_EXPORT = "search";

// Loaded when first opened, like the export form.
const CopyToDashboardDialog = lazy(() =>
  import("../dashboards/CopyToDashboardDialog.tsx").then((module) => ({ default: module.CopyToDashboardDialog }))
);

// Loaded when first opened: the page's first load and hydration do not carry the export form.
const ExportDialog = lazy(() =>
  import("./export/ExportDialog.tsx").then((module) => ({ default: module.ExportDialog }))
);

/**
 * A search page (spec 001 §2, §3): search bar, sidebar and the widget grid, all widgets run as one search job
 * (ui/view: `useViewJob`); at /streams/{streamId}/search the stream is preselected.
 */
export function SearchPage({ fresh = false }: { fresh?: boolean }) {
  const { streamId, viewId } = useParams();
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseSearchUrl(params, streamId ? [streamId] : []), [params, streamId]);
  const streams = useQuery(streamsQueryOptions());
  const { permissions } = useCurrentUser();
  if (streams.data && lacksStreamPermissions(permissions, streams.data.streams.length)) {
    return <NoStreamPermissionsPage />;
  }
  if (!parsed.ok) return <ErrorPage title="Something went wrong" description={parsed.error} />;
  // Each view has its own scope of client state; the unsaved search keeps one while the user is elsewhere.
  const scopeKey = viewId === undefined ? UNSAVED_SEARCH_SCOPE : `view:${viewId}`;
  return <SearchPageLoader key={scopeKey} scopeKey={scopeKey} viewId={viewId} fresh={fresh} parsed={parsed} />;
}

/** The scope key of the unsaved search (/search, /search/new, stream searches). */
const UNSAVED_SEARCH_SCOPE = "search";

interface LoaderProps {
  scopeKey: string;
  viewId: string | undefined;
  fresh: boolean;
  parsed: Extract<ParsedSearchUrl, { ok: true }>;
}

/** Loads what a view's scope starts with (a saved search's view and search), unless the scope is kept. */
function SearchPageLoader({ scopeKey, viewId, fresh, parsed }: LoaderProps) {
  const kept = useKeptViewScope(scopeKey) && !fresh;
  const saved = useSavedSearch(viewId !== undefined && !kept ? viewId : undefined);
  if (viewId !== undefined && !kept) {
    if (saved.error instanceof FetchError && saved.error.status === 404) return <NotFoundPage />;
    if (saved.error) return <ErrorPage title="Something went wrong" description={failureMessage(saved.error)} />;
    if (!saved.data) {
      return (
        <Center py="xl">
          <Loader />
        </Center>
      );
    }
  }
  return (
    <ScopedSearchPage
      scopeKey={scopeKey}
      fresh={fresh}
      initial={() => openSearchPage(saved.data ?? null, parsed.interval)}
      parsed={parsed}
    />
  );
}

interface ScopedProps {
  scopeKey: string;
  fresh: boolean;
  initial: () => ViewScopeState;
  parsed: Extract<ParsedSearchUrl, { ok: true }>;
}

/** The search page inside its view's scope (one jotai store per view, filled once from what was loaded). */
function ScopedSearchPage({ scopeKey, fresh, initial, parsed }: ScopedProps) {
  const [params, setParams] = useSearchParams();
  const focus = useMemo(() => readWidgetFocus(params), [params]);
  const scope = useViewScope({ key: scopeKey, fresh, initial });
  const open = useAtomValue(openViewAtom, { store: scope.store });
  // The breadcrumb and title belong to the shell's store, outside the view's scope.
  useBreadcrumb(open ? [{ label: "Search", href: paths.search.href() }, { label: open.view.title }] : []);
  useDocumentTitle(open ? open.view.title : "Search");
  const urlHasSearch = urlNamesSearch(params);
  const submitted = submittedSearch(parsed.state, open, urlHasSearch);
  const streams = useQuery(streamsQueryOptions());
  const { permissions } = useCurrentUser();
  // A saved search opened without a search in its URL puts its own there (until then the page runs the saved one).
  useEffect(() => {
    if (open && !urlHasSearch) setParams(toSearchParams(open.saved.search), { replace: true });
  }, []);
  const unreadable = streams.data ? unreadableStreams(permissions, submitted.streams, streams.data.streams) : [];
  if (unreadable.length > 0) return <MissingStreamPermissionsPage streams={unreadable} />;
  return (
    <Provider store={scope.store}>
      <SearchView
        submitted={submitted}
        interval={parsed.interval ?? null}
        onSubmit={(state, interval) => setParams(toSearchParams(state, interval))}
        focus={focus}
        onFocusChange={(next) => setParams(withWidgetFocus(params, next))}
        onSavedAsNew={(viewId) => scope.rekey(`view:${viewId}`)}
      />
    </Provider>
  );
}

interface ViewProps {
  submitted: SearchUrlState;
  /** The URL's grouping of the 'Message Count' chart. */
  interval: PivotInterval | null;
  /** Writes the search and the 'Message Count' chart's grouping into the URL. */
  onSubmit: (state: SearchUrlState, interval: PivotInterval | null) => void;
  focus: WidgetFocus;
  onFocusChange: (focus: WidgetFocus) => void;
  /** A new saved search was saved from this page: its page opens with this view's scope. */
  onSavedAsNew: (viewId: string) => void;
}

function SearchView({ submitted, interval, onSubmit, focus, onFocusChange, onSavedAsNew }: ViewProps) {
  const timezone = useSearchTimezone();
  const [view, setView] = useAtom(viewWidgetsAtom);
  const openView = useAtomValue(openViewAtom);
  // The widget being edited as last previewed: the job runs it in place of the saved widget.
  const [draft, setDraft] = useState<Widget | null>(null);
  // A widget created into the editor: Cancel removes it; leaving the editor otherwise keeps it.
  const [newWidgetId, setNewWidgetId] = useState<string | null>(null);
  // Submitting the same search again runs it again (relative ranges move on); a changed search runs because its
  // definition changed. Bumping the counter for a changed search would first re-run the old one, since the URL
  // updates after this state.
  const [run, setRun] = useState(0);
  // Message table pages belong to one search run: new data resets them to the first page (spec 001 §4).
  const runKey = JSON.stringify([submitted, run]);
  const [paging, setPaging] = useState<{ runKey: string; pages: Record<string, number> }>({
    runKey,
    pages: {},
  });
  const pages = paging.runKey === runKey ? paging.pages : {};
  // Users without clusterconfigentry:read get the default presets instead of a 403.
  const mayReadConfig = usePermissions().isPermitted("clusterconfigentry:read");
  const config = useQuery({ ...searchConfigQueryOptions(), enabled: mayReadConfig });
  const streams = useQuery(streamsQueryOptions());
  const definition: SearchDefinition = useMemo(() => ({ ...submitted, timezone }), [submitted, timezone]);
  const jobWidgets = useMemo(() => draft ? replaceWidget(view, draft).widgets : view.widgets, [view, draft]);
  const job = useViewJob(searchPageJob(submitted, timezone, jobWidgets, pages, run));
  const presets = useMemo(
    () =>
      rangePresets(
        config.data?.relative_timerange_options ?? DEFAULT_RELATIVE_TIMERANGE_OPTIONS,
        config.data?.query_time_range_limit,
      ),
    [config.data],
  );
  const result = job.queryResult(QUERY_ID);
  const fieldTypes = useQuery(fieldTypesQueryOptions(submitted.streams, submitted.timerange, timezone));
  const navigate = useNavigate();
  // The widget whose 'Copy to Dashboard' picker is open.
  const [copying, setCopying] = useState<string | null>(null);
  const copyWidget = async (widgetId: string, dashboardId: string) => {
    const widget = view.widgets.find((candidate) => candidate.id === widgetId);
    const position = view.positions[widgetId];
    if (!widget || !position) return;
    try {
      const size = { height: position.height, width: columnSpan(position) };
      await copyToDashboard(dashboardId, { kind: "widget", widget: { widget, title: view.titles[widgetId], size } }, timezone);
      setCopying(null);
      navigate(paths.dashboard.href({ viewId: dashboardId }));
    } catch (error) {
      toastError(error, "Copying the widget failed");
    }
  };
  const [exporting, setExportTarget] = useState<string | null>(null);
  // Once opened the dialog stays mounted, so that closing it animates.
  const [exportOpened, setExportOpened] = useState(false);
  const setExporting = (target: string | null) => {
    if (target !== null) setExportOpened(true);
    setExportTarget(target);
  };
  const messagesWidgets = view.widgets.filter((widget) => widget.type === "messages");
  const tableFields = [...new Set(messagesWidgets.flatMap((widget) => widget.config.fields))];
  const presentFields = useMemo(() => {
    const rows = Object.values(result?.widgets ?? {}).flatMap((entry) =>
      entry.data?.type === "messages" ? entry.data.messages : []
    );
    return currentFieldNames(rows);
  }, [result]);
  const total = Object.values(result?.widgets ?? {}).find((entry) => entry.data?.type === "messages")?.data;
  const submit = (state: SearchUrlState) => {
    if (JSON.stringify(state) === JSON.stringify(submitted)) setRun((r) => r + 1);
    else {
      // The job starts now, under the key the page asks for once the URL has changed (first pages, same run):
      // the URL change and the page's render no longer stand between Enter and the request.
      job.prefetch(searchPageJob(state, timezone, jobWidgets, {}, run));
    }
    onSubmit(state, messageCountInterval(view));
  };
  // 'Add to table' / 'Remove from table' applies to every message table of the page.
  const toggleTableField = (field: string) => {
    const inTable = tableFields.includes(field);
    setView((current) =>
      messagesWidgets.reduce((next, widget) =>
        replaceWidget(next, {
          ...widget,
          config: {
            ...widget.config,
            fields: inTable
              ? widget.config.fields.filter((name) => name !== field)
              : [...widget.config.fields, field],
          },
        }), current)
    );
  };
  const create = (kind: CreatableWidget) => {
    const created = WIDGET_CREATORS[kind](crypto.randomUUID());
    setView((current) =>
      addWidget(current, created.widget, WIDGET_TYPES[created.widget.type].size, created.title)
    );
    if (created.edit) {
      setNewWidgetId(created.widget.id);
      onFocusChange({ mode: "editing", widgetId: created.widget.id });
    }
  };
  // 'Show top values' and 'Statistics' of a field: a new aggregation widget at the top.
  const addAggregation = (config: AggregationWidgetConfig) => {
    const widget: Widget = { ...messageCountWidget(crypto.randomUUID()), config };
    setView((current) => addWidget(current, widget, WIDGET_TYPES.aggregation.size));
  };
  const exportedWidget = messagesWidgets.find((widget) => widget.id === exporting);
  const actions = useSearchActions({
    widgets: view,
    definition,
    submitted,
    onExport: () => setExporting(SEARCH_EXPORT),
    onSavedAsNew,
  });
  useDirtyGuard(actions.dirty, LEAVE_SEARCH_QUESTION);
  // The results are server-rendered, so they show before the page responds: browser tests wait for this mark.
  useEffect(() => {
    document.documentElement.setAttribute(SEARCH_PAGE_HYDRATED_ATTRIBUTE, "");
  }, []);
  useMessageCountInterval(interval);

  const missingStreams = missingStreamsOf(job.error);
  if (missingStreams) return <MissingStreamPermissionsPage streams={missingStreams} />;

  // The sidebar, the search bar and each widget (WidgetGrid) are Suspense boundaries: hydration handles each
  // server-rendered boundary as its own unit of work and yields to the browser between them, instead of one long task.
  return (
    <Group gap={0} align="stretch" wrap="nowrap" mih="100%">
      <Suspense fallback={null}>
        <SearchSidebar
          sections={{
            description: (
              <DescriptionSection
                durationMs={result ? result.durationMs : null}
                executedAt={result?.executedAt ?? null}
                formatTime={(iso) => formatTimestamp(iso, timezone, false)}
                saved={actions.view}
              />
            ),
            create: <CreateSection onCreate={create} />,
            highlighting: (
              <HighlightingSection
                rules={view.highlighting}
                onChange={(highlighting) => setView((current) => ({ ...current, highlighting }))}
                fieldTypes={fieldTypes.data ?? []}
              />
            ),
            fields: (
              <FieldsSection
                fieldTypes={fieldTypes.data ?? undefined}
                loading={fieldTypes.isLoading}
                currentFieldNames={presentFields}
                total={total?.type === "messages" ? total.total : 0}
                tableFields={tableFields}
                onToggleTableField={toggleTableField}
                onShowTopValues={(field) => addAggregation(topValuesConfig(field))}
                onShowStatistics={(field) => addAggregation(statisticsConfig(field, fieldTypes.data ?? []))}
                query={submitted.query}
                onQueryChange={(query) => submit({ ...submitted, query })}
                streams={submitted.streams}
                timerange={submitted.timerange}
                timezone={timezone}
                run={run}
              />
            ),
          }}
        />
      </Suspense>
      <Box px="md" py="sm" style={{ flex: 1, minWidth: 0 }}>
        <VisuallyHidden>
          <Title order={1}>Search</Title>
        </VisuallyHidden>
        <Stack gap="sm">
          {openView && (
            <SavedViewHeader
              view={openView.view}
              type="search"
              editable={actions.editable}
              onToggleFavorite={actions.onToggleFavorite}
              onMetadataChange={actions.onMetadataChange}
            />
          )}
          <Suspense fallback={null}>
            <SearchBar
              submitted={submitted}
              onSubmit={submit}
              streams={streams.data?.streams ?? []}
              presets={presets}
              timezone={timezone}
              searching={job.isFetching}
            />
          </Suspense>
          {/* The actions go below the status on a narrow screen rather than out of sight. */}
          <Group gap="xs" mih={20} justify="space-between" wrap="wrap">
            <Group gap="xs">
              {job.isFetching && (
                <>
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed" data-testid="search-updating">{UPDATING_TEXT}</Text>
                </>
              )}
              {!job.isFetching && result && (
                <Text size="xs" c="dimmed">Query executed in {result.durationMs} ms.</Text>
              )}
            </Group>
            <SearchActionsBar {...actions} />
          </Group>
          {job.error && (
            <WidgetFrame title="Search" errors={[failureMessage(job.error)]}>{null}</WidgetFrame>
          )}
          <Box style={{ opacity: job.isPlaceholderData ? 0.6 : 1 }}>
            <WidgetArea
              view={view}
              onViewChange={setView}
              results={result?.widgets}
              focus={focus}
              onFocusChange={(next) => {
                if (next.mode !== "editing") {
                  setDraft(null);
                  setNewWidgetId(null);
                }
                onFocusChange(next);
              }}
              draft={draft}
              onDraftChange={setDraft}
              previewing={job.isFetching && draft !== null}
              pages={pages}
              onPageChange={(widgetId, page) => setPaging({ runKey, pages: { ...pages, [widgetId]: page } })}
              onExport={(widgetId) => {
                const widget = view.widgets.find((candidate) => candidate.id === widgetId);
                const data = result?.widgets[widgetId]?.data;
                // An aggregation exports the table it shows, as CSV, straight away; a message table opens the dialog.
                if (widget?.type === "aggregation" && data?.type === "aggregation") {
                  downloadAggregationCsv(widget, data.pivot, widgetTitle(widget, view.titles));
                } else setExporting(widgetId);
              }}
              onCopyToDashboard={setCopying}
              editable
              newWidgetId={newWidgetId}
              context={{
                timezone,
                fieldTypes: fieldTypes.data ?? [],
                highlighting: view.highlighting,
                cellColor: (field, value) =>
                  highlightColor(view.highlighting, field, value, fieldTypes.data ?? []),
                query: submitted.query,
                onQueryChange: (query) => submit({ ...submitted, query }),
                onTimeRangeChange: (from, to) =>
                  submit({ ...submitted, timerange: { type: "absolute", from, to } }),
                onValueAction: (action, path) =>
                  submit({
                    ...submitted,
                    query: queryForValueAction(
                      submitted.query,
                      action,
                      path,
                      (field) => isTimeField(field, fieldTypes.data ?? []),
                    ),
                  }),
              }}
            />
          </Box>
        </Stack>
        {copying !== null && (
          <Suspense fallback={null}>
            <CopyToDashboardDialog
              opened
              onClose={() => setCopying(null)}
              onSelect={(dashboardId) => void copyWidget(copying, dashboardId)}
            />
          </Suspense>
        )}
        {exportOpened && (
          <Suspense fallback={null}>
            <ExportDialog
              opened={exporting !== null}
              onClose={() => setExporting(null)}
              origin={exportedWidget ? "widget" : "search"}
              messageTables={messageTablesForExport(messagesWidgets, (widget) =>
                widgetTitle(widget, view.titles))}
              preselectedTableId={exportedWidget?.id ?? null}
              availableFields={(fieldTypes.data ?? []).map((field) =>
                field.name
              )}
              query={submitted.query}
              timerange={toWireTimeRange(submitted.timerange, timezone)}
              streams={submitted.streams}
              title={exportedWidget ? widgetTitle(exportedWidget, view.titles) : actions.view?.title ?? null}
            />
          </Suspense>
        )}
      </Box>
    </Group>
  );
}

function isTimeField(field: string, fieldTypes: readonly FieldTypeMapping[]): boolean {
  return field === "timestamp" || fieldTypes.find((mapping) => mapping.name === field)?.type.type === "date";
}

/** The streams a 403 'MissingStreamPermission' answer names; null for any other outcome. */
function missingStreamsOf(error: Error | null): string[] | null {
  return error instanceof FetchError && error.status === 403 && error.body?.type === "MissingStreamPermission"
    ? error.body.streams ?? []
    : null;
}
