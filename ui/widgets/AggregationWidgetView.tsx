import { Box, Center, Loader, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { type ComponentType, Suspense } from "react";
import type { AggregationWidget } from "../../api/schemas/widgets.ts";
import { EMPTY_AGGREGATION_TEXT } from "../aggregation/logic/widget-presets.ts";
import { VISUALIZATIONS, visualizationConfigOf } from "../visualizations/registry.ts";
import type { VisualizationProps } from "../visualizations/visualization-props.ts";
import type { WidgetViewProps } from "./widget-context.ts";

/** An aggregation widget's body: its visualization, loaded on first use, drawn from the pivot result at the frame's size. */
export function AggregationWidgetView(props: WidgetViewProps<AggregationWidget>) {
  const { widget, result, onConfigChange } = props;
  const config = widget.config;
  const { ref, width, height } = useElementSize();
  if (config.series.length === 0) return <Text c="dimmed" size="sm">{EMPTY_AGGREGATION_TEXT}</Text>;
  const data = result?.data?.type === "aggregation" ? result.data : null;
  const definition = VISUALIZATIONS[config.visualization];
  const Visualization = definition.component as ComponentType<VisualizationProps>;
  return (
    <Box
      ref={ref}
      h="100%"
      mih={120}
      data-testid="aggregation-visualization"
      data-visualization={config.visualization}
    >
      {data && width > 0 && height > 0 && (
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
            width={width}
            height={height}
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
            onZoom={props.onTimeRangeChange}
            onValueAction={(action, path) => props.onValueAction(action, path)}
          />
        </Suspense>
      )}
    </Box>
  );
}
