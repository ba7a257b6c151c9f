import { Box, Paper, Text } from "@mantine/core";
import { type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import { NO_DATA_AVAILABLE } from "../../common/empty-states.ts";
import { colorAt, cssGradient, normalize } from "../logic/color-scales.ts";
import { formatNumberValue } from "../numeric/logic/number-formats.ts";
import type { VisualizationProps } from "../visualization-props.ts";
import { axisLabel } from "./logic/axis-labels.ts";
import { heatmapGrid } from "./logic/heatmap-grid.ts";
import { cellAt, cellOrigin, HEATMAP_FONT_SIZE, heatmapLayout } from "./logic/heatmap-layout.ts";

type Props = VisualizationProps<"heatmap">;

/**
 * 'Heatmap': row-grouping values on y, column-grouping values on x, the first metric as colour. Cells are
 * painted on one canvas (a 50×50 grid is 2,500 rectangles, cheap there and costly as DOM nodes); labels,
 * the colour bar and the tooltip are DOM so they follow the theme.
 */
export function HeatmapVisualization({ config, visualizationConfig, data, width, height, timezone }: Props) {
  const grid = useMemo(() => heatmapGrid(data, config, visualizationConfig), [
    data,
    config,
    visualizationConfig,
  ]);
  const rowLabels = useMemo(() => grid.rows.map((key) => axisLabel(key, timezone)), [grid, timezone]);
  const columnLabels = useMemo(() => grid.columns.map((key) => axisLabel(key, timezone)), [grid, timezone]);
  const layout = useMemo(() => heatmapLayout(width, height, rowLabels, columnLabels), [
    width,
    height,
    rowLabels,
    columnLabels,
  ]);
  const { color_scale: scale, reverse_scale: reverse } = visualizationConfig;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState<{ row: number; column: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const ratio = globalThis.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    // Overlap each cell by a fraction of a pixel so no hairline seams show between neighbours.
    const w = layout.cellWidth + 0.5;
    const h = layout.cellHeight + 0.5;
    grid.cells.forEach((cells, row) =>
      cells.forEach((cell, column) => {
        if (cell.value === null) return;
        const { x, y } = cellOrigin(layout, row, column);
        context.fillStyle = colorAt(scale, normalize(cell.value, grid.zMin, grid.zMax), reverse);
        context.fillRect(x, y, w, h);
      })
    );
  }, [grid, layout, scale, reverse, width, height]);

  if (grid.rows.length === 0 || grid.columns.length === 0) {
    return (
      <Box
        w={width}
        h={height}
        style={{ display: "grid", placeItems: "center" }}
        data-testid="heatmap-visualization"
      >
        <Text c="dimmed" size="sm">{NO_DATA_AVAILABLE}</Text>
      </Box>
    );
  }

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const cell = cellAt(layout, x, y, grid.rows.length, grid.columns.length);
    setHover(cell ? { ...cell, x, y } : null);
  };
  const hovered = hover ? grid.cells[hover.row][hover.column] : null;

  return (
    <Box
      pos="relative"
      w={width}
      h={height}
      onMouseMove={onMove}
      onMouseLeave={() => setHover(null)}
      data-testid="heatmap-visualization"
      data-rows={grid.rows.length}
      data-columns={grid.columns.length}
    >
      <canvas
        ref={canvasRef}
        style={{ position: "absolute", inset: 0, width, height }}
        role="img"
        aria-label={`Heatmap of ${grid.seriesName}: ${grid.rows.length} rows by ${grid.columns.length} columns`}
      />
      <svg
        width={width}
        height={height}
        style={{ position: "absolute", inset: 0, pointerEvents: "none" }}
        aria-hidden
      >
        {layout.yTicks.map((tick) => (
          <text
            key={tick.index}
            x={layout.plot.x - 6}
            y={tick.position}
            dominantBaseline="middle"
            textAnchor="end"
            fontSize={HEATMAP_FONT_SIZE}
            fill="var(--mantine-color-dimmed)"
          >
            {tick.label}
          </text>
        ))}
        {layout.xTicks.map((tick) => (
          <text
            key={tick.index}
            x={tick.position}
            y={layout.plot.y + layout.plot.height + 15}
            textAnchor="middle"
            fontSize={HEATMAP_FONT_SIZE}
            fill="var(--mantine-color-dimmed)"
          >
            {tick.label}
          </text>
        ))}
        <rect
          x={layout.plot.x}
          y={layout.plot.y}
          width={layout.plot.width}
          height={layout.plot.height}
          fill="none"
          stroke="var(--mantine-color-default-border)"
        />
      </svg>
      <ColorBar
        layout={layout.legend}
        background={cssGradient(scale, reverse, "to top")}
        min={grid.zMin}
        max={grid.zMax}
      />
      {hover && hovered && (
        <Paper
          shadow="md"
          withBorder
          p={6}
          data-testid="heatmap-tooltip"
          style={{
            position: "absolute",
            pointerEvents: "none",
            left: Math.min(hover.x + 12, Math.max(0, width - 220)),
            top: Math.min(hover.y + 12, Math.max(0, height - 80)),
            maxWidth: 220,
            zIndex: 2,
          }}
        >
          <Text size="xs" fw={600} style={{ overflowWrap: "anywhere" }}>{rowLabels[hover.row]}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>{columnLabels[hover.column]}</Text>
          <Text size="xs">
            {grid.seriesName}: {formatNumberValue(hovered.value)}
            {hovered.isDefault ? " (default)" : ""}
          </Text>
        </Paper>
      )}
    </Box>
  );
}

interface ColorBarProps {
  layout: { x: number; y: number; width: number; height: number };
  background: string;
  min: number;
  max: number;
}

/** The colour bar legend: the scale from low (bottom) to high (top) with the range's ends and middle. */
function ColorBar({ layout, background, min, max }: ColorBarProps) {
  const labels = [max, (min + max) / 2, min];
  return (
    <Box
      data-testid="heatmap-color-bar"
      style={{ position: "absolute", left: layout.x, top: layout.y, height: layout.height }}
    >
      <Box
        style={{
          width: layout.width,
          height: layout.height,
          background,
          border: "1px solid var(--mantine-color-default-border)",
          borderRadius: 2,
        }}
      />
      {labels.map((value, index) => (
        <Text
          key={index}
          size="10px"
          c="dimmed"
          style={{
            position: "absolute",
            left: layout.width + 4,
            top: `${(index / (labels.length - 1)) * 100}%`,
            transform: "translateY(-50%)",
            whiteSpace: "nowrap",
          }}
        >
          {formatNumberValue(roundForLegend(value))}
        </Text>
      ))}
    </Box>
  );
}

/** Legend labels need only a few significant digits. */
function roundForLegend(value: number): number {
  return Number.isInteger(value) ? value : Number(value.toPrecision(4));
}
