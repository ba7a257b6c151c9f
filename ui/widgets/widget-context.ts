import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type { HighlightingRule, Widget } from "../../api/schemas/widgets.ts";
import type { QueryValueAction, ValuePath } from "../visualizations/visualization-props.ts";
import type { WidgetResult } from "../view/widget-results.ts";

/** What a widget's body needs from its page besides its own config and result. */
export interface WidgetViewProps<W extends Widget = Widget> {
  widget: W;
  result: WidgetResult | undefined;
  /** Saves a changed config (sort, columns, chart colours, map viewport) without the editor. */
  onConfigChange: (config: W["config"]) => void;
  timezone: string;
  /** Current page of a message table (1-based). */
  page: number;
  onPageChange: (page: number) => void;
  fieldTypes: readonly FieldTypeMapping[];
  highlighting: readonly HighlightingRule[];
  /** The highlighting colour of a field value (rules evaluated in order), or null. */
  cellColor: (field: string, value: unknown) => string | null;
  /** The page's query string, for value actions that add to it. */
  query: string;
  onQueryChange: (query: string) => void;
  /** Zooming a time chart: sets an absolute range on the page. */
  onTimeRangeChange: (from: string, to: string) => void;
  /** A value picked in a chart or table: add it to the query, exclude it, or show its messages. */
  onValueAction: (action: QueryValueAction, path: ValuePath) => void;
}
