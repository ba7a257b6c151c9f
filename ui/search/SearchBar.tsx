import { Button, Group, Indicator, MultiSelect, Paper, Stack } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { memo, useCallback, useEffect, useInsertionEffect, useMemo, useRef, useState } from "react";
import type { ValidationResponse } from "../../api/schemas/search-support.ts";
import type { StreamsList } from "../../api/schemas/streams.ts";
import { useCurrentUser, usePermissions } from "../session/current-user.tsx";
import { AutoRefreshControl } from "./AutoRefreshControl.tsx";
import { DEFAULT_REFRESH_CONFIG, initialRefreshState, refreshOptions, type RefreshState } from "./logic/auto-refresh.ts";
import type { SuggestValues } from "./logic/lucene-completion.ts";
import { loadRecentQueries, saveRecentQuery } from "./logic/recent-queries.ts";
import type { RangePreset } from "../view/time-presets.ts";
import type { SearchUrlState } from "../view/url-state.ts";
import { sameSearch } from "./logic/validation.ts";
import { QueryInput } from "./QueryInput.tsx";
import { suggestQueryOptions, validationQueryOptions } from "./search-queries.ts";
import { fieldTypesQueryOptions, searchConfigQueryOptions } from "../view/search-support-queries.ts";
import { TimeRangeControl } from "./TimeRangeControl.tsx";
import { SHAKE_MS, ValidationIcon } from "./ValidationIcon.tsx";

interface Props {
  /** The state of the last submitted search (from the URL). */
  submitted: SearchUrlState;
  onSubmit: (state: SearchUrlState) => void;
  streams: StreamsList["streams"];
  presets: readonly RangePreset[];
  timezone: string;
  searching: boolean;
  /** Auto refresh as page state; without it the bar keeps its own (off at the configured default interval). */
  refresh?: RefreshState;
  onRefreshChange?: (next: RefreshState) => void;
}

/** Query validation debounce (spec 001 §9). */
export const VALIDATION_DEBOUNCE_MS = 350;
const OK: ValidationResponse = { status: "OK" };

/** The search bar: time range, streams, search button, query editor with validation (spec 001 §2). */
export function SearchBar({ submitted, onSubmit, streams, presets, timezone, searching, refresh, onRefreshChange }: Props) {
  const queryClient = useQueryClient();
  const { username } = useCurrentUser();
  // Users without clusterconfigentry:read get the default intervals instead of a 403.
  const mayReadConfig = usePermissions().isPermitted("clusterconfigentry:read");
  const config = useQuery({ ...searchConfigQueryOptions(), enabled: mayReadConfig });
  const refreshConfig = config.data ?? DEFAULT_REFRESH_CONFIG;
  const intervals = useMemo(() => refreshOptions(refreshConfig), [refreshConfig]);
  const [ownRefresh, setOwnRefresh] = useState<RefreshState | null>(null);
  // Memoized: a new default object per render would make the controls row render on every keystroke.
  const defaultRefresh = useMemo(() => initialRefreshState(refreshConfig), [refreshConfig]);
  const refreshState = refresh ?? ownRefresh ?? defaultRefresh;
  const changeRefresh = onRefreshChange ?? setOwnRefresh;
  // Local storage exists only in the browser: read after mounting so the server render matches.
  const [recentQueries, setRecentQueries] = useState<readonly string[]>([]);
  useEffect(() => setRecentQueries(loadRecentQueries(globalThis.localStorage ?? null, username)), [username]);
  const [form, setForm] = useState<SearchUrlState>(submitted);
  const [popoverOpened, setPopoverOpened] = useState(false);
  const [shaking, setShaking] = useState(false);
  // A new URL (back/forward, a link) replaces the form. Compared by value: the page may hand over the same
  // search as a new object on any render (a result arriving), which must not wipe what is being typed.
  const lastSubmitted = useRef(submitted);
  useEffect(() => {
    if (sameSearch(submitted, lastSubmitted.current)) return;
    lastSubmitted.current = submitted;
    setForm(submitted);
  }, [submitted]);

  const [debouncedQuery] = useDebouncedValue(form.query, VALIDATION_DEBOUNCE_MS);
  const validation = useQuery({
    ...validationQueryOptions(debouncedQuery, form.streams, form.timerange, timezone),
    placeholderData: (previous) => previous,
  });
  const fields = useQuery(fieldTypesQueryOptions(form.streams, form.timerange, timezone));
  // Until the debounced call answers, the last answer stays (Graylog disables while validating, too).
  const status = validation.data ?? OK;
  const blocked = status.status === "ERROR";
  const dirty = !sameSearch(form, submitted);

  /** `query` comes from the editor on Enter (newer than the last render's form). */
  const submit = async (query?: string) => {
    if (searching) return;
    const next = query === undefined ? form : { ...form, query };
    // Validate what is typed now, not what the debounce saw last (a failed call counts as OK, spec 001 §7).
    const current = await queryClient
      .fetchQuery(validationQueryOptions(next.query, next.streams, next.timerange, timezone))
      .catch(() => OK);
    if (current.status === "ERROR") {
      setPopoverOpened(true);
      return;
    }
    setRecentQueries(saveRecentQuery(globalThis.localStorage ?? null, username, next.query));
    onSubmit(next);
  };

  /** An auto-refresh tick re-runs what was last submitted, not the edited form; a running search is not doubled. */
  const refreshNow = () => {
    if (!searching) onSubmit(submitted);
  };

  const suggestValues: SuggestValues = useCallback(
    (field, input) => queryClient.fetchQuery(suggestQueryOptions(field, input, form.streams, form.timerange, timezone)),
    [queryClient, form.streams, form.timerange, timezone],
  );

  // A keystroke changes only the query: everything the controls row gets keeps its identity, so that row (the
  // streams select, time range, auto refresh and search button) skips the render (issue 4 item 10).
  const changeTimerange = useCallback((timerange: SearchUrlState["timerange"]) => setForm((f) => ({ ...f, timerange })), []);
  const changeStreams = useCallback((ids: string[]) => setForm((f) => ({ ...f, streams: ids })), []);
  const changeQuery = useCallback((query: string) => setForm((f) => ({ ...f, query })), []);
  const submitLatest = useLatestCallback(submit);
  const search = useCallback(() => void submitLatest(), [submitLatest]);
  const refreshLatest = useLatestCallback(refreshNow);
  const changeRefreshLatest = useLatestCallback(changeRefresh);
  const shake = useCallback(() => {
    setPopoverOpened(true);
    setShaking(true);
    setTimeout(() => setShaking(false), SHAKE_MS);
  }, []);
  const streamOptions = useMemo(() => streams.map((stream) => ({ value: stream.id, label: stream.title })), [streams]);
  const completionFields = useMemo(
    () =>
      (fields.data ?? []).map((field) => ({
        name: field.name,
        type: field.type.type,
        enumerable: field.type.properties.includes("enumerable"),
      })),
    [fields.data],
  );
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <SearchControls
          timerange={form.timerange}
          onTimerangeChange={changeTimerange}
          presets={presets}
          timezone={timezone}
          streams={form.streams}
          streamOptions={streamOptions}
          onStreamsChange={changeStreams}
          refresh={refreshState}
          onRefreshChange={changeRefreshLatest}
          intervals={intervals}
          onRefresh={refreshLatest}
          dirty={dirty}
          blocked={blocked}
          searching={searching}
          onSearch={search}
          onBlockedClick={shake}
        />
        <Group gap="xs" wrap="nowrap" align="center">
          <QueryInput
            value={form.query}
            onChange={changeQuery}
            onSubmit={submitLatest}
            fields={completionFields}
            suggestValues={suggestValues}
            recentQueries={recentQueries}
          />
          <MemoValidationIcon validation={status} opened={popoverOpened} onChange={setPopoverOpened} shaking={shaking} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** Below this the streams selector goes to a row of its own rather than shrinking further. */
const STREAMS_MIN_WIDTH = 120;

interface SearchControlsProps {
  timerange: SearchUrlState["timerange"];
  onTimerangeChange: (timerange: SearchUrlState["timerange"]) => void;
  presets: readonly RangePreset[];
  timezone: string;
  streams: string[];
  streamOptions: { value: string; label: string }[];
  onStreamsChange: (ids: string[]) => void;
  refresh: RefreshState;
  onRefreshChange: (next: RefreshState) => void;
  intervals: ReturnType<typeof refreshOptions>;
  onRefresh: () => void;
  dirty: boolean;
  blocked: boolean;
  searching: boolean;
  onSearch: () => void;
  onBlockedClick: () => void;
}

/**
 * The bar's first row: time range, streams, auto refresh and the search button; none of it reads the query. It
 * wraps on a narrow screen (a phone), where one row would push the search button out of sight.
 */
const SearchControls = memo(function SearchControls(props: SearchControlsProps) {
  const { dirty, blocked, searching } = props;
  return (
    <Group gap="xs" wrap="wrap" align="flex-start">
      <TimeRangeControl value={props.timerange} onChange={props.onTimerangeChange} presets={props.presets} timezone={props.timezone} />
      <MultiSelect
        aria-label="Streams"
        placeholder={props.streams.length === 0 ? "Select streams the search should include. Searches in all streams if empty." : undefined}
        data={props.streamOptions}
        value={props.streams}
        onChange={props.onStreamsChange}
        searchable
        clearable
        style={{ flex: "1 1 0", minWidth: STREAMS_MIN_WIDTH }}
        comboboxProps={{ withinPortal: true }}
      />
      <AutoRefreshControl refresh={props.refresh} onChange={props.onRefreshChange} options={props.intervals} onRefresh={props.onRefresh} />
      <Indicator disabled={!dirty} color="yellow" size={10} offset={2} title={dirty ? "The search has changes not run yet" : undefined}>
        {/* A disabled button gets no clicks: the wrapper shows the explanation instead (spec 001 §5). */}
        <div onClick={() => blocked && props.onBlockedClick()}>
          <Button
            leftSection={<IconSearch size={16} />}
            onClick={props.onSearch}
            disabled={blocked || searching}
            loading={searching}
            aria-label="Perform search"
            style={blocked ? { pointerEvents: "none" } : undefined}
          >
            Search
          </Button>
        </div>
      </Indicator>
    </Group>
  );
});

/** The validation icon renders again only when the validation or its popover changes, not per keystroke. */
const MemoValidationIcon = memo(ValidationIcon);

/**
 * A function with a fixed identity that always calls the latest `fn`: memoized children get stable handlers
 * while the handlers still see this render's state.
 */
function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
