import { Box, Paper, Text } from "@mantine/core";
import { type MouseEvent as ReactMouseEvent, useMemo, useRef, useState } from "react";
import { Cell, Pie, PieChart, Tooltip } from "recharts";
import { NO_DATA_AVAILABLE } from "../../common/empty-states.ts";
import type { VisualizationProps } from "../visualization-props.ts";
import { ChartLegend } from "../common/ChartLegend.tsx";
import { ValueActionMenu, type ValueTarget } from "../common/ValueActionMenu.tsx";
import { pivotToChartData, pointPath } from "../logic/chart-data.ts";
import { chartColorMap } from "../logic/chart-palette.ts";
import { formatValue } from "../logic/format-value.ts";
import { legendHeight } from "../logic/legend-layout.ts";
import { pieData, type PieSeries, sliceLabels } from "../logic/pie-data.ts";
import { pieGrid } from "../logic/pie-grid.ts";

type Props = VisualizationProps<"pie">;

const TITLE_HEIGHT = 20;

/**
 * 'Pie Chart': one pie per series in a grid of 4 per row, a slice per row grouping value. Slices share their
 * colour across pies; the legend recolours them, a click on a slice opens its value actions.
 */
export function PieVisualization({ config, data, width, height, onChartColorChange, onValueAction }: Props) {
  const chart = useMemo(() => pivotToChartData(data, config), [data, config]);
  const pies = useMemo(() => pieData(chart), [chart]);
  const labels = useMemo(() => sliceLabels(pies), [pies]);
  const colors = useMemo(() => chartColorMap(labels, config.formatting_settings?.chart_colors), [
    labels,
    config,
  ]);
  const [menu, setMenu] = useState<ValueTarget | null>(null);
  const box = useRef<HTMLDivElement>(null);
  if (width <= 0 || height <= 0) return null; // not measured yet
  if (labels.length === 0) {
    return <Text c="dimmed" size="sm" p="xs" data-testid="visualization-empty">{NO_DATA_AVAILABLE}</Text>;
  }
  const legend = legendHeight(labels.length, width);
  const grid = pieGrid(pies.length, width, Math.max(60, height - legend), TITLE_HEIGHT);

  const openMenu = (pie: PieSeries, pointIndex: number, event: ReactMouseEvent) => {
    if (!onValueAction || !box.current) return;
    const bounds = box.current.getBoundingClientRect();
    setMenu({
      x: event.clientX - bounds.left,
      y: event.clientY - bounds.top,
      title: `${chart.points[pointIndex]?.label || pie.name} · ${pie.name}`,
      path: pointPath(chart, config, pointIndex, pie.seriesIndex),
    });
  };

  return (
    <Box ref={box} pos="relative" w={width} h={height} data-testid="pie-visualization">
      <Box style={{ display: "grid", gridTemplateColumns: `repeat(${grid.columns}, ${grid.cellWidth}px)` }}>
        {pies.map((pie) => (
          <Box key={pie.name} w={grid.cellWidth} h={grid.cellHeight} data-testid="pie">
            <Text size="xs" fw={500} ta="center" h={TITLE_HEIGHT} truncate="end" title={pie.name}>
              {pie.name}
            </Text>
            <PieChart width={grid.cellWidth} height={grid.cellHeight - TITLE_HEIGHT}>
              {/* No animation: a refreshing dashboard redraws often, and a still picture is what a screenshot or report shows. */}
              <Pie
                data={pie.slices}
                dataKey="value"
                nameKey="label"
                outerRadius={grid.radius}
                isAnimationActive={false}
                stroke="var(--mantine-color-body)"
                onClick={(_sector, index, event) => {
                  const slice = pie.slices[index];
                  if (slice) openMenu(pie, slice.pointIndex, event);
                }}
              >
                {pie.slices.map((slice) => (
                  <Cell key={slice.label} fill={colors.get(slice.label)} data-testid="pie-slice" />
                ))}
              </Pie>
              <Tooltip
                content={({ active, payload }) =>
                  active && payload?.[0]
                    ? (
                      <SliceTooltip
                        pie={pie}
                        label={String(payload[0].name)}
                        value={Number(payload[0].value)}
                      />
                    )
                    : null}
              />
            </PieChart>
          </Box>
        ))}
      </Box>
      <Box pos="absolute" bottom={0} left={0} right={0} h={legend}>
        <ChartLegend
          entries={labels.map((label) => ({ name: label, color: colors.get(label) ?? "gray" }))}
          onColorChange={onChartColorChange}
        />
      </Box>
      {onValueAction && (
        <ValueActionMenu
          target={menu}
          onClose={() => setMenu(null)}
          onValueAction={onValueAction}
        />
      )}
    </Box>
  );
}

function SliceTooltip({ pie, label, value }: { pie: PieSeries; label: string; value: number }) {
  const total = pie.slices.reduce((sum, slice) => sum + slice.value, 0);
  const share = total > 0 ? ` (${Math.round((value / total) * 1000) / 10}%)` : "";
  return (
    <Paper withBorder shadow="sm" p={6} data-testid="chart-tooltip">
      <Text size="xs" fw={600}>{label}</Text>
      <Text size="xs">{pie.name}: {formatValue(value)}{share}</Text>
    </Paper>
  );
}
