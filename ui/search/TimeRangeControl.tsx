import { Alert, Button, Checkbox, Group, Menu, NumberInput, Popover, Select, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCalendarTime, IconClock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { FetchError } from "../api/fetch-error.ts";
import { formatTimestamp, parseWallTime } from "../common/time-format.ts";
import { type RangePreset, relativeRangeLabel } from "../view/time-presets.ts";
import { DEFAULT_RELATIVE_RANGE, type TimeRangeState } from "../view/url-state.ts";
import { keywordPreviewQueryOptions } from "./search-queries.ts";

// The calendar (and Mantine's date styles) load when the Calendar tab is first shown.
const AbsoluteRangeCalendar = lazy(() =>
  import("./time-range/AbsoluteRangeCalendar.tsx").then((module) => ({ default: module.AbsoluteRangeCalendar }))
);

interface Props {
  value: TimeRangeState;
  onChange: (range: TimeRangeState) => void;
  presets: readonly RangePreset[];
  timezone: string;
}

/** The search bar's time range: a preset menu and the 'Search Time Range' popover (spec 001 §2, §5). */
export function TimeRangeControl({ value, onChange, presets, timezone }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <Group gap={4} wrap="nowrap">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" px="xs" aria-label="Relative time range presets" title="Relative time range presets">
            <IconClock size={16} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {presets.map((preset) => (
            <Menu.Item key={preset.seconds} onClick={() => onChange({ type: "relative", range: preset.seconds })}>
              {preset.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" width={750} withinPortal trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconCalendarTime size={16} />}
            onClick={() => setOpened((o) => !o)}
            aria-label="Search Time Range"
            data-testid="time-range-summary"
            style={{ flexShrink: 0 }}
          >
            {/* The whole range shows: a cut-off absolute range hides where it ends. */}
            <Text size="sm">{rangeSummary(value, presets, timezone)}</Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          {opened && (
            <TimeRangeForm
              initial={value}
              presets={presets}
              timezone={timezone}
              onCancel={() => setOpened(false)}
              onSubmit={(range) => {
                onChange(range);
                setOpened(false);
              }}
            />
          )}
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

/** The button text: the preset's label, the absolute range or the keyword. */
export function rangeSummary(range: TimeRangeState, presets: readonly RangePreset[], timezone: string): string {
  switch (range.type) {
    case "relative":
      return relativeRangeLabel(range.range, presets);
    case "absolute":
      return `${formatTimestamp(range.from, timezone, false)} – ${formatTimestamp(range.to, timezone, false)}`;
    case "keyword":
      return range.keyword;
  }
}

const UNITS = [
  { value: "1", label: "Seconds" },
  { value: "60", label: "Minutes" },
  { value: "3600", label: "Hours" },
  { value: "86400", label: "Days" },
];

interface FormProps {
  initial: TimeRangeState;
  presets: readonly RangePreset[];
  timezone: string;
  onCancel: () => void;
  onSubmit: (range: TimeRangeState) => void;
}

function TimeRangeForm({ initial, timezone, onCancel, onSubmit }: FormProps) {
  const [tab, setTab] = useState<TimeRangeState["type"]>(initial.type);
  const [absoluteTab, setAbsoluteTab] = useState<AbsoluteTab>("timestamp");
  const initialSeconds = initial.type === "relative" ? initial.range : DEFAULT_RELATIVE_RANGE;
  const unit = UNITS.slice().reverse().find((u) => initialSeconds % Number(u.value) === 0 && initialSeconds > 0)?.value ?? "60";
  const [allTime, setAllTime] = useState(initial.type === "relative" && initial.range === 0);
  const [amount, setAmount] = useState<number | string>(initialSeconds > 0 ? initialSeconds / Number(unit) : 5);
  const [relativeUnit, setRelativeUnit] = useState(initialSeconds > 0 ? unit : "60");
  const now = Date.now();
  const defaultFrom = initial.type === "absolute" ? initial.from : new Date(now - initialSeconds * 1000 || now - 300_000).toISOString();
  const defaultTo = initial.type === "absolute" ? initial.to : new Date(now).toISOString();
  const [from, setFrom] = useState(formatTimestamp(defaultFrom, timezone, false));
  const [to, setTo] = useState(formatTimestamp(defaultTo, timezone, false));
  const [keyword, setKeyword] = useState(initial.type === "keyword" ? initial.keyword : "Last five minutes");
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), 350);
  const preview = useQuery({ ...keywordPreviewQueryOptions(debouncedKeyword, timezone), enabled: tab === "keyword" && debouncedKeyword !== "", retry: false });

  const fromIso = parseWallTime(from, timezone);
  const toIso = parseWallTime(to, timezone);
  const absoluteError = !fromIso || !toIso
    ? "Format: YYYY-MM-DD [HH:mm:ss[.SSS]]"
    : Date.parse(toIso) <= Date.parse(fromIso)
    ? 'The "Until" date must come after the "From" date.'
    : null;
  const relativeError = allTime ? null : amount === "" ? "Cannot be empty." : Number(amount) < 1 ? "Must be at least 1." : null;
  const keywordError = keyword.trim() === ""
    ? "Keyword must not be empty!"
    : preview.error instanceof FetchError && preview.error.status === 422
    ? "Unable to parse keyword."
    : null;
  const keywordPending = keyword.trim() !== debouncedKeyword || preview.isFetching;
  const invalid = tab === "absolute" ? !!absoluteError : tab === "relative" ? !!relativeError : !!keywordError || keywordPending;

  const submit = () => {
    if (tab === "relative") onSubmit({ type: "relative", range: allTime ? 0 : Number(amount) * Number(relativeUnit) });
    else if (tab === "absolute" && fromIso && toIso) onSubmit({ type: "absolute", from: fromIso, to: toIso });
    else if (tab === "keyword") onSubmit({ type: "keyword", keyword: keyword.trim() });
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">Search Time Range</Title>
      <Tabs value={tab} onChange={(next) => next && setTab(next as TimeRangeState["type"])}>
        <Tabs.List>
          <Tabs.Tab value="absolute">Absolute</Tabs.Tab>
          <Tabs.Tab value="relative">Relative</Tabs.Tab>
          <Tabs.Tab value="keyword">Keyword</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="absolute" pt="sm">
          <Tabs
            variant="pills"
            value={absoluteTab}
            onChange={(next) => next && setAbsoluteTab(next as AbsoluteTab)}
          >
            <Tabs.List>
              <Tabs.Tab value="calendar">Calendar</Tabs.Tab>
              <Tabs.Tab value="timestamp">Timestamp</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="calendar" pt="xs">
              {absoluteTab === "calendar" && (
                <Suspense fallback={<Text size="sm" c="dimmed">Loading the calendar…</Text>}>
                  <AbsoluteRangeCalendar from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
                </Suspense>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="timestamp" pt="xs">
              <Group grow align="flex-start">
                <TextInput label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={!fromIso ? "Format: YYYY-MM-DD [HH:mm:ss[.SSS]]" : undefined} />
                <TextInput
                  label="Until"
                  value={to}
                  onChange={(e) => setTo(e.currentTarget.value)}
                  error={!toIso ? "Format: YYYY-MM-DD [HH:mm:ss[.SSS]]" : absoluteError && fromIso ? absoluteError : undefined}
                />
              </Group>
            </Tabs.Panel>
          </Tabs>
          {absoluteTab === "calendar" && absoluteError && <Text size="sm" c="red" pt={4}>{absoluteError}</Text>}
          {!absoluteError && fromIso && toIso && <RangePreview from={fromIso} to={toIso} timezone={timezone} />}
        </Tabs.Panel>
        <Tabs.Panel value="relative" pt="sm">
          <Group align="flex-end">
            <NumberInput label="From" min={1} step={1} allowDecimal={false} disabled={allTime} value={amount} onChange={setAmount} error={relativeError} w={140} />
            <Select label="Unit" data={UNITS} value={relativeUnit} onChange={(v) => v && setRelativeUnit(v)} disabled={allTime} w={140} allowDeselect={false} />
            <Text size="sm" pb={8}>ago until now</Text>
            <Checkbox label="All time" checked={allTime} onChange={(e) => setAllTime(e.currentTarget.checked)} pb={8} />
          </Group>
          {!relativeError && (
            <RangePreview
              from={allTime ? null : new Date(now - Number(amount) * Number(relativeUnit) * 1000).toISOString()}
              to={new Date(now).toISOString()}
              timezone={timezone}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="keyword" pt="sm">
          <Stack gap="xs">
            <TextInput label="Time range keyword" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} error={keywordError} />
            {preview.data && !keywordError && (
              <RangePreview from={preview.data.from} to={preview.data.to} timezone={timezone} />
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">All timezones using: {timezone}</Text>
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button onClick={submit} disabled={invalid}>Update time range</Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** The Absolute tab's two ways to enter the range. */
type AbsoluteTab = "calendar" | "timestamp";

/** The live From/Until preview every tab shows (spec 001 §2): null From is all time. */
function RangePreview({ from, to, timezone }: { from: string | null; to: string; timezone: string }) {
  return (
    <Alert variant="light" p="xs" mt="xs" data-testid="time-range-preview">
      <Text size="sm">From: {from === null ? "All time" : formatTimestamp(from, timezone, false)}</Text>
      <Text size="sm">Until: {formatTimestamp(to, timezone, false)}</Text>
    </Alert>
  );
}
