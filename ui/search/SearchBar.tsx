import { Button, Group, Indicator, MultiSelect, Paper, Stack } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ValidationResponse } from "../../api/schemas/search-support.ts";
import type { StreamsList } from "../../api/schemas/streams.ts";
import { useCurrentUser, usePermissions } from "../session/current-user.tsx";
import { AutoRefreshControl } from "./AutoRefreshControl.tsx";
import { DEFAULT_REFRESH_CONFIG, initialRefreshState, refreshOptions, type RefreshState } from "./logic/auto-refresh.ts";
import type { SuggestValues } from "./logic/lucene-completion.ts";
import { loadRecentQueries, saveRecentQuery } from "./logic/recent-queries.ts";
import type { RangePreset } from "./logic/time-presets.ts";
import type { SearchUrlState } from "./logic/url-state.ts";
import { sameSearch } from "./logic/validation.ts";
import { QueryInput } from "./QueryInput.tsx";
import { fieldTypesQueryOptions, searchConfigQueryOptions, suggestQueryOptions, validationQueryOptions } from "./search-queries.ts";
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
  const refreshState = refresh ?? ownRefresh ?? initialRefreshState(refreshConfig);
  const changeRefresh = onRefreshChange ?? setOwnRefresh;
  // Local storage exists only in the browser: read after mounting so the server render matches.
  const [recentQueries, setRecentQueries] = useState<readonly string[]>([]);
  useEffect(() => setRecentQueries(loadRecentQueries(globalThis.localStorage ?? null, username)), [username]);
  const [form, setForm] = useState<SearchUrlState>(submitted);
  const [popoverOpened, setPopoverOpened] = useState(false);
  const [shaking, setShaking] = useState(false);
  // A new URL (back/forward, a link) replaces the form.
  useEffect(() => setForm(submitted), [submitted]);

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

  const shake = () => {
    setPopoverOpened(true);
    setShaking(true);
    setTimeout(() => setShaking(false), SHAKE_MS);
  };

  const completionFields = (fields.data ?? []).map((field) => ({
    name: field.name,
    type: field.type.type,
    enumerable: field.type.properties.includes("enumerable"),
  }));
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TimeRangeControl value={form.timerange} onChange={(timerange) => setForm({ ...form, timerange })} presets={presets} timezone={timezone} />
          <MultiSelect
            aria-label="Streams"
            placeholder={form.streams.length === 0 ? "Select streams the search should include. Searches in all streams if empty." : undefined}
            data={streams.map((stream) => ({ value: stream.id, label: stream.title }))}
            value={form.streams}
            onChange={(ids) => setForm({ ...form, streams: ids })}
            searchable
            clearable
            style={{ flex: 1 }}
            comboboxProps={{ withinPortal: true }}
          />
          <AutoRefreshControl refresh={refreshState} onChange={changeRefresh} options={intervals} onRefresh={refreshNow} />
          <Indicator disabled={!dirty} color="yellow" size={10} offset={2} title={dirty ? "The search has changes not run yet" : undefined}>
            {/* A disabled button gets no clicks: the wrapper shows the explanation instead (spec 001 §5). */}
            <div onClick={() => blocked && shake()}>
              <Button
                leftSection={<IconSearch size={16} />}
                onClick={() => submit()}
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
        <Group gap="xs" wrap="nowrap" align="center">
          <QueryInput
            value={form.query}
            onChange={(query) => setForm((f) => ({ ...f, query }))}
            onSubmit={submit}
            fields={completionFields}
            suggestValues={suggestValues}
            recentQueries={recentQueries}
          />
          <ValidationIcon validation={status} opened={popoverOpened} onChange={setPopoverOpened} shaking={shaking} />
        </Group>
      </Stack>
    </Paper>
  );
}
