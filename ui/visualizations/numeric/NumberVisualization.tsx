import { Box } from "@mantine/core";
import { IconArrowDown, IconArrowRight, IconArrowUp, type TablerIcon } from "@tabler/icons-react";
import type { VisualizationProps } from "../visualization-props.ts";
import { FittedText } from "./FittedText.tsx";
import { formatNumberValue, formatTrendDifference, formatTrendRatio } from "./logic/number-formats.ts";
import { singleValueOf } from "./logic/single-value.ts";
import { computeTrend, type Trend, type TrendDirection, type TrendRating } from "./logic/trend.ts";

type Props = VisualizationProps<"numeric">;

/** Share of the height the trend line takes when the trend is on. */
const TREND_SHARE = 0.3;

/**
 * 'Single Number': the first metric's total, fitted to the widget, with an optional trend against the
 * previous period (`previousData`, a second pivot the widget runs over `previousPeriod(…)`).
 */
export function NumberVisualization({ data, previousData, visualizationConfig, width, height }: Props) {
  const value = singleValueOf(data);
  const text = formatNumberValue(value);
  const showTrend = visualizationConfig.trend;
  const valueHeight = showTrend ? height * (1 - TREND_SHARE) : height;
  const previous = singleValueOf(previousData);
  const trend = showTrend ? computeTrend(value, previous, visualizationConfig.trend_preference) : null;

  return (
    <Box w={width} h={height} data-testid="number-visualization">
      <FittedText width={width} height={valueHeight} fitKey={text} testId="number-value">{text}</FittedText>
      {showTrend && (
        <TrendLine
          trend={trend}
          previousText={formatNumberValue(previous)}
          width={width}
          height={height - valueHeight}
        />
      )}
    </Box>
  );
}

interface TrendLineProps {
  trend: Trend | null;
  previousText: string;
  width: number;
  height: number;
}

/** The difference and ratio with an arrow, coloured good / bad / neutral; '--' when nothing compares. */
function TrendLine({ trend, previousText, width, height }: TrendLineProps) {
  const text = trend ? `${formatTrendDifference(trend.difference)} / ${formatTrendRatio(trend.ratio)}` : "--";
  const Arrow = ARROWS[trend?.direction ?? "flat"];
  return (
    <FittedText
      width={width}
      height={height}
      fitKey={text}
      color={RATING_COLORS[trend?.rating ?? "neutral"]}
      testId="number-trend"
      title={`Previous: ${previousText}`}
    >
      <Arrow
        size="1em"
        stroke={2}
        aria-label={`trend ${trend?.direction ?? "flat"}`}
        data-rating={trend?.rating ?? "neutral"}
      />
      <span>{text}</span>
    </FittedText>
  );
}

const ARROWS: Record<TrendDirection, TablerIcon> = {
  up: IconArrowUp,
  down: IconArrowDown,
  flat: IconArrowRight,
};

/** Theme variables, so the colours follow light and dark. */
const RATING_COLORS: Record<TrendRating, string> = {
  good: "var(--mantine-color-green-text)",
  bad: "var(--mantine-color-red-text)",
  neutral: "var(--mantine-color-dimmed)",
};
