import { Group, Stack, Text } from "@mantine/core";
import { DatePicker, TimeInput } from "@mantine/dates";

interface Props {
  /** From and Until as the Timestamp tab edits them: 'YYYY-MM-DD HH:mm:ss[.SSS]' in the search's time zone. */
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}

/**
 * The Absolute tab's Calendar (spec 001 §2 'Search Time Range'): a calendar and a time for From and for Until,
 * editing the same texts as the Timestamp tab. Loaded when first shown (with Mantine's date styles).
 */
export function AbsoluteRangeCalendar({ from, to, onFromChange, onToChange }: Props) {
  return (
    <Group grow align="flex-start" wrap="nowrap">
      <CalendarSide label="From" value={from} onChange={onFromChange} />
      <CalendarSide label="Until" value={to} onChange={onToChange} />
    </Group>
  );
}

function CalendarSide({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { date, time } = splitWallTime(value);
  return (
    <Stack gap={4} aria-label={`${label} calendar`} role="group">
      <Text size="sm" fw={500}>{label}</Text>
      <DatePicker
        size="xs"
        value={date}
        defaultDate={date ?? undefined}
        onChange={(next) => next && onChange(`${next} ${time}`)}
      />
      <TimeInput
        size="xs"
        withSeconds
        aria-label={`${label} time`}
        value={time}
        onChange={(event) => date && onChange(`${date} ${event.currentTarget.value}`)}
      />
    </Stack>
  );
}

/** 'YYYY-MM-DD HH:mm:ss' → its date and its time ('00:00:00' when it has none); no date when it does not parse. */
function splitWallTime(value: string): { date: string | null; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(value.trim());
  return { date: match?.[1] ?? null, time: match?.[2] ?? "00:00:00" };
}
