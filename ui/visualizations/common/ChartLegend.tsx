import { Box, ColorPicker, ColorSwatch, Popover, Stack, Text, UnstyledButton } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useState } from "react";
import { DEFAULT_CHART_PALETTE } from "../logic/chart-palette.ts";
import {
  LEGEND_COLUMN_GAP,
  LEGEND_MAX_HEIGHT,
  LEGEND_SIDE_PADDING,
  legendColumns,
} from "../logic/legend-layout.ts";

export interface LegendEntry {
  name: string;
  color: string;
}

interface Props {
  entries: readonly LegendEntry[];
  /** Saves a colour choice; without it entries are not clickable. */
  onColorChange?: (name: string, color: string) => void;
}

/**
 * A chart's legend: 5 entries per row, fewer when the chart is too narrow for names to stay readable
 * (legendColumns), at most 100 px high (it scrolls beyond). Clicking an entry opens a colour popover (spec 001
 * §4); the chosen colour is saved as the series' chart colour.
 */
export function ChartLegend({ entries, onColorChange }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  // Measured, not passed in: the legend's own width is what its entries share. The observer reports the
  // width inside the padding; 0 = not measured yet.
  const { ref, width } = useElementSize();
  if (entries.length === 0) return null;
  const columns = legendColumns(entries.length, width > 0 ? width + 2 * LEGEND_SIDE_PADDING : undefined);
  return (
    <Box
      ref={ref}
      data-testid="chart-legend"
      data-columns={columns}
      // Fills the room the chart kept for it and scrolls beyond, should more rows be needed than were kept.
      h="100%"
      mah={LEGEND_MAX_HEIGHT}
      style={{
        overflowY: "auto",
        alignContent: "start",
        display: "grid",
        gridTemplateColumns: `repeat(${columns}, minmax(0, max-content))`,
        columnGap: LEGEND_COLUMN_GAP,
        rowGap: 2,
        justifyContent: "center",
        padding: `2px ${LEGEND_SIDE_PADDING}px`,
      }}
    >
      {entries.map((entry) => (
        <Popover
          key={entry.name}
          opened={open === entry.name}
          onChange={(opened) => setOpen(opened ? entry.name : null)}
          position="top"
          withArrow
          shadow="md"
          disabled={!onColorChange}
        >
          <Popover.Target>
            <UnstyledButton
              onClick={() => onColorChange && setOpen(open === entry.name ? null : entry.name)}
              style={{
                display: "flex",
                alignItems: "center",
                gap: 6,
                minWidth: 0,
                cursor: onColorChange ? "pointer" : "default",
              }}
              aria-label={onColorChange ? `Change colour of ${entry.name}` : entry.name}
              data-testid="chart-legend-entry"
            >
              <ColorSwatch color={entry.color} size={12} radius="xs" withShadow={false} />
              <Text size="xs" truncate="end" title={entry.name}>{entry.name}</Text>
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              <Text size="sm" fw={500}>{entry.name}</Text>
              <ColorPicker
                format="hex"
                defaultValue={entry.color}
                swatches={[...DEFAULT_CHART_PALETTE]}
                swatchesPerRow={8}
                onChangeEnd={(color) => {
                  onColorChange?.(entry.name, color);
                  setOpen(null);
                }}
                data-testid="chart-color-picker"
              />
            </Stack>
          </Popover.Dropdown>
        </Popover>
      ))}
    </Box>
  );
}
