import { ColorSwatch, Group, Paper, Text } from "@mantine/core";
import { formatValue } from "../logic/format-value.ts";

export interface TooltipRow {
  name: string;
  color: string;
  value: number | null;
}

interface Props {
  title: string;
  rows: readonly TooltipRow[];
  /** Position within the chart (px); the tooltip keeps to the chart's width. */
  x: number;
  y: number;
  chartWidth: number;
}

/** Rows beyond this are summarised, so a tooltip over many series stays readable. */
const MAX_ROWS = 12;

/** The hover tooltip of a chart: the x value and each series' value there, in the theme's colours. */
export function ChartTooltip({ title, rows, x, y, chartWidth }: Props) {
  const shown = rows.slice(0, MAX_ROWS);
  const left = x > chartWidth / 2 ? undefined : x + 12;
  const right = x > chartWidth / 2 ? chartWidth - x + 12 : undefined;
  return (
    <Paper
      withBorder
      shadow="sm"
      p={6}
      data-testid="chart-tooltip"
      style={{
        position: "absolute",
        top: Math.max(0, y),
        left,
        right,
        pointerEvents: "none",
        zIndex: 2,
        maxWidth: 320,
      }}
    >
      <Text size="xs" fw={600} mb={2}>{title}</Text>
      {shown.map((row) => (
        <Group key={row.name} gap={6} wrap="nowrap">
          <ColorSwatch color={row.color} size={10} radius="xs" withShadow={false} />
          <Text size="xs" truncate="end" style={{ flex: 1, minWidth: 0 }}>{row.name}</Text>
          <Text size="xs" fw={500}>{formatValue(row.value)}</Text>
        </Group>
      ))}
      {rows.length > MAX_ROWS && <Text size="xs" c="dimmed">+{rows.length - MAX_ROWS}</Text>}
    </Paper>
  );
}
