import { Button, Group, Indicator, MultiSelect, Paper, Stack } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ValidationResponse } from "../../api/schemas/search-support.ts";
import type { StreamsList } from "../../api/schemas/streams.ts";
import type { RangePreset } from "./logic/time-presets.ts";
import type { SearchUrlState } from "./logic/url-state.ts";
import { sameSearch } from "./logic/validation.ts";
import { QueryInput } from "./QueryInput.tsx";
import { fieldTypesQueryOptions, validationQueryOptions } from "./search-queries.ts";
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
}

/** Query validation debounce (spec 001 §9). */
export const VALIDATION_DEBOUNCE_MS = 350;
const OK: ValidationResponse = { status: "OK" };

/** The search bar: time range, streams, search button, query editor with validation (spec 001 §2). */
export function SearchBar({ submitted, onSubmit, streams, presets, timezone, searching }: Props) {
  const queryClient = useQueryClient();
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
    onSubmit(next);
  };

  const shake = () => {
    setPopoverOpened(true);
    setShaking(true);
    setTimeout(() => setShaking(false), SHAKE_MS);
  };

  const completionFields = (fields.data ?? []).map((field) => ({ name: field.name, type: field.type.type }));
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
          <QueryInput value={form.query} onChange={(query) => setForm((f) => ({ ...f, query }))} onSubmit={submit} fields={completionFields} />
          <ValidationIcon validation={status} opened={popoverOpened} onChange={setPopoverOpened} shaking={shaking} />
        </Group>
      </Stack>
    </Paper>
  );
}
