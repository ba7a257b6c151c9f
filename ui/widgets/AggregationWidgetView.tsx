import { Box, Center, Loader, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { type ComponentType, memo, Suspense, useCallback, useContext, useState } from "react";
import type { AggregationWidget } from "../../api/schemas/widgets.ts";
import { CreateEventDefinitionFromValueModal, type PickedValue } from "../alerts/CreateEventDefinitionFromValueModal.tsx";
import { EMPTY_AGGREGATION_TEXT } from "../aggregation/logic/widget-presets.ts";
import { visualizationConfigOf, VISUALIZATIONS } from "../visualizations/registry.ts";
import type { ValueAction, ValuePath, VisualizationProps } from "../visualizations/visualization-props.ts";
import { sameBodySize } from "./logic/widget-body-estimate.ts";
import type { AggregationWidgetData } from "../view/widget-results.ts";
import { EstimatedWidgetBodySize } from "./widget-body-size.ts";
import type { WidgetViewProps } from "./widget-context.ts";

/**
 * An aggregation widget's body: its visualization, loaded on first use, drawn from the pivot result at the frame's
 * size. Until the size is measured (server render, hydration) it draws at the size the grid is expected to give
 * it, so the chart is in the server's HTML and hydration only adopts it.
 */
export function AggregationWidgetView(props: WidgetViewProps<AggregationWidget>) {
  const { widget, result, onConfigChange, query, onValueAction } = props;
  // 'Create event definition' opens its dialog here, where the widget is known; the other actions go to the page.
  const [picked, setPicked] = useState<PickedValue | null>(null);
  const pivot = result?.data?.type === "aggregation" ? result.data.pivot : undefined;
  const actOnValue = useCallback((action: ValueAction, path: ValuePath) => {
    if (action === "create-event-definition") setPicked({ widget, path, query, result: pivot });
    else onValueAction(action, path);
  }, [widget, query, onValueAction, pivot]);
  const config = widget.config;
  const { ref, width: measuredWidth, height: measuredHeight } = useElementSize();
  const estimate = useContext(EstimatedWidgetBodySize);
  const measured = measuredWidth > 0 && measuredHeight > 0;
  // Decided once, at the first measurement: when the guess was right the server's drawing stays as it is;
  // otherwise the chart is drawn anew (a new element, not a moved one, so nothing counts as a layout shift).
  const [estimateKept, setEstimateKept] = useState<boolean | null>(null);
  if (measured && estimateKept === null) {
    setEstimateKept(
      estimate !== null && sameBodySize(estimate, { width: measuredWidth, height: measuredHeight }),
    );
  }
  const measuredSize = { width: measuredWidth, height: measuredHeight };
  // The estimate also while the measurement rounds to it, so the chart is not laid out again for a fraction of a pixel.
  const { width, height } = measured && !(estimate && sameBodySize(estimate, measuredSize))
    ? measuredSize
    : estimate ?? measuredSize;
  if (config.series.length === 0) return <Text c="dimmed" size="sm">{EMPTY_AGGREGATION_TEXT}</Text>;
  const data = result?.data?.type === "aggregation" ? result.data : null;
  return (
    <Box
      ref={ref}
      h="100%"
      mih={120}
      data-testid="aggregation-visualization"
      data-visualization={config.visualization}
      data-drawn-at={measured ? "measured-size" : "estimated-size"}
      // A guessed size may be larger than the cell (a narrow window): clip until measured.
      style={measured ? undefined : { overflow: "hidden" }}
    >
      {data && width > 0 && height > 0 && (
        <DrawnVisualization
          key={estimateKept === false ? "measured-size" : "estimated-size"}
          config={config}
          data={data}
          width={width}
          height={height}
          timezone={props.timezone}
          onConfigChange={onConfigChange}
          onZoom={props.onTimeRangeChange}
          onValueAction={actOnValue}
        />
      )}
      <CreateEventDefinitionFromValueModal value={picked} onClose={() => setPicked(null)} />
    </Box>
  );
}

type DrawnVisualizationProps =
  & Pick<VisualizationProps, "config" | "width" | "height" | "timezone" | "onZoom">
  & {
    data: AggregationWidgetData;
    onConfigChange: WidgetViewProps<AggregationWidget>["onConfigChange"];
    onValueAction: (action: ValueAction, path: ValuePath) => void;
  };

/**
 * The visualization in its loading boundary. Memoised so that the view's own re-renders (its size measured)
 * leave the boundary alone: a server-rendered boundary still waiting for its chart's code that got new props
 * would be thrown away and drawn again in the browser.
 */
const DrawnVisualization = memo(function DrawnVisualization(props: DrawnVisualizationProps) {
  const { config, data, onConfigChange } = props;
  const Visualization = VISUALIZATIONS[config.visualization].component as ComponentType<VisualizationProps>;
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader size="sm" />
        </Center>
      }
    >
      <Visualization
        config={config}
        visualizationConfig={visualizationConfigOf(config.visualization, config.visualization_config)}
        data={data.pivot}
        previousData={data.previous}
        events={data.events}
        width={props.width}
        height={props.height}
        timezone={props.timezone}
        onVisualizationConfigChange={(next) =>
          onConfigChange({ ...config, visualization_config: { ...next } })}
        onChartColorChange={(fieldName, color) => {
          const colors = (config.formatting_settings?.chart_colors ?? []).filter((entry) =>
            entry.field_name !== fieldName
          );
          onConfigChange({
            ...config,
            formatting_settings: {
              chart_colors: [...colors, { field_name: fieldName, chart_color: color }],
            },
          });
        }}
        onZoom={props.onZoom}
        onValueAction={(action, path) => props.onValueAction(action, path)}
      />
    </Suspense>
  );
});
