import type { PivotResult } from "../../api/schemas/search.ts";
import type { EventAnnotation } from "../view/event-annotations.ts";
import type { AggregationWidgetConfig, VisualizationConfigs, VisualizationType } from "../../api/schemas/widgets.ts";

/** One value of the pivot result a user acted on: the grouping values that lead to it (field → value). */
export type ValuePath = ReadonlyArray<{ field: string; value: string }>;

/** What a click on a chart point or table cell may do (beyond Graylog: spec issue 5 item 4). */
export type ValueAction = QueryValueAction | "create-event-definition";

/** The value actions that change the page's query; 'create-event-definition' opens a dialog of its own instead. */
export type QueryValueAction = "add-to-query" | "exclude" | "show-messages";

/**
 * What every visualization receives. The widget frame owns size and data; a visualization only draws.
 * `K` narrows `visualizationConfig` to the type's own config (api/schemas/widgets.ts VisualizationConfigSchemas).
 */
export interface VisualizationProps<K extends VisualizationType = VisualizationType> {
  /** The whole aggregation config: groupings, metrics, sort, rollup, chart colours. */
  config: AggregationWidgetConfig;
  visualizationConfig: VisualizationConfigs[K];
  /** The pivot search type's result for this widget. */
  data: PivotResult;
  /** The same pivot over the previous period (single number trend only), when requested. */
  previousData?: PivotResult;
  /** Events to mark on a time chart, when the widget has event annotations on. */
  events?: readonly EventAnnotation[];
  /** Pixel size of the drawing area (the frame measures it). */
  width: number;
  height: number;
  /** IANA zone the user reads times in. */
  timezone: string;
  /** Saves a changed visualization config (map viewport) without entering edit mode. */
  onVisualizationConfigChange?: (config: VisualizationConfigs[K]) => void;
  /** Saves a legend colour choice into `formatting_settings.chart_colors`. */
  onChartColorChange?: (fieldName: string, color: string) => void;
  /** Zooming a time chart: sets an absolute time range (ISO strings). */
  onZoom?: (from: string, to: string) => void;
  /** Acting on a value: add to query, exclude, show the bucket's messages. */
  onValueAction?: (action: ValueAction, path: ValuePath) => void;
}
