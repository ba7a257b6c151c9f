import { Box, ColorPicker, ColorSwatch, Popover, Stack, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { DEFAULT_CHART_PALETTE } from "../logic/chart-palette.ts";
import { LEGEND_ENTRIES_PER_ROW, LEGEND_MAX_HEIGHT } from "../logic/legend-layout.ts";

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
 * A chart's legend: 5 entries per row, at most 100 px high (it scrolls beyond). Clicking an entry opens a colour
 * popover (spec 001 §4); the chosen colour is saved as the series' chart colour.
 */
export function ChartLegend({ entries, onColorChange }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  if (entries.length === 0) return null;
  return (
    <Box
      data-testid="chart-legend"
      mah={LEGEND_MAX_HEIGHT}
      style={{
        overflowY: "auto",
        display: "grid",
        gridTemplateColumns: `repeat(${
          Math.min(LEGEND_ENTRIES_PER_ROW, entries.length)
        }, minmax(0, max-content))`,
        columnGap: 16,
        rowGap: 2,
        justifyContent: "center",
        padding: "2px 8px",
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
