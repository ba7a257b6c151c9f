import { Box, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import type { HistogramBucket } from "./logic/message-rows.ts";
import { histogramLayout } from "./logic/histogram-layout.ts";
import { formatTimestamp } from "./logic/time-format.ts";

interface Props {
  buckets: readonly HistogramBucket[];
  timezone: string;
}

const HEIGHT = 160;

/** 'Message Count': the count histogram as a compact SVG bar chart, coloured by the theme. */
export function MessageCountWidget({ buckets, timezone }: Props) {
  const { ref, width } = useElementSize();
  const layout = histogramLayout(buckets, Math.max(width, 1), HEIGHT);
  return (
    <Box ref={ref} h={HEIGHT} data-testid="message-count-chart">
      {buckets.length === 0
        ? <Text c="dimmed" size="sm">No messages in this time range.</Text>
        : width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label="Message Count histogram">
            {layout.gridLines.map((line) => (
              <g key={line.value}>
                <line x1={layout.plotLeft} x2={width} y1={line.y} y2={line.y} stroke="var(--mantine-color-default-border)" strokeDasharray="3 3" />
                <text x={layout.plotLeft - 6} y={line.y + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">{line.value}</text>
              </g>
            ))}
            {layout.bars.map((bar) => (
              <rect key={bar.time} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill="var(--mantine-primary-color-filled)" rx={1}>
                <title>{`${formatTimestamp(bar.time, timezone, false)}: ${bar.count}`}</title>
              </rect>
            ))}
            {layout.ticks.map((tick) => (
              <text key={tick.time} x={tick.x} y={HEIGHT - 4} textAnchor="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
                {formatTimestamp(tick.time, timezone, false).slice(5, 16)}
              </text>
            ))}
          </svg>
        )}
    </Box>
  );
}
