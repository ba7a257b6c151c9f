import type { MessagesSearchType, SearchType } from "../../api/schemas/search.ts";
import type { TimeRange } from "../../api/schemas/timerange.ts";
import type { Widget, WidgetType } from "../../api/schemas/widgets.ts";
import { toPivotSearchType } from "../aggregation/logic/pivot-search-type.ts";

/** Per-widget paging of message tables: limit and offset of the widget's messages search type (spec 001 §4). */
export interface MessagesPaging {
  limit: number;
  offset: number;
}

/** Messages search default limit (spec 001 §9): the message table's page size. */
export const MESSAGES_PAGE_SIZE = 150;

/** The search type id of a widget: one search type per widget, named after it (widget_mapping). */
export const searchTypeIdOf = (widget: Widget): string => widget.id;

/** A single number with a trend runs its pivot a second time over the previous period, under this id. */
export const trendSearchTypeIdOf = (widget: Widget): string => `${widget.id}-trend`;

/** A chart with event annotations also searches the events of its range, under this id. */
export const eventsSearchTypeIdOf = (widget: Widget): string => `${widget.id}-events`;

/** What a widget's search types depend on besides the widget. */
export interface SearchTypeContext {
  paging: MessagesPaging;
  /** The previous period for trends; null when the page's range has none. */
  trendRange: TimeRange | null;
}

/** The widget's own query, time range, streams and filter on top of the page's (spec 001 §3 'Widget'). */
function overrides(widget: Widget): Pick<MessagesSearchType, "query" | "timerange" | "streams" | "filter"> {
  return {
    ...(widget.query ? { query: widget.query } : {}),
    ...(widget.timerange ? { timerange: widget.timerange } : {}),
    ...(widget.streams.length > 0 ? { streams: widget.streams } : {}),
    ...(widget.filter ? { filter: { type: "query_string" as const, query: widget.filter } } : {}),
  };
}

type SearchTypeBuilder<T extends WidgetType> = (widget: Extract<Widget, { type: T }>, context: SearchTypeContext) => SearchType[];

/** How each widget type becomes search types (exhaustive over widget types). */
const SEARCH_TYPE_BUILDERS: { [T in WidgetType]: SearchTypeBuilder<T> } = {
  messages: (widget, { paging }) => [{
    type: "messages",
    id: searchTypeIdOf(widget),
    limit: paging.limit,
    offset: paging.offset,
    sort: widget.config.sort.map((entry) => ({ field: entry.field, order: entry.direction === "Ascending" ? "ASC" : "DESC" })),
    decorators: widget.config.decorators,
    fields: [],
    ...overrides(widget),
  }],
  aggregation: (widget, { trendRange }) => {
    const pivot = { ...toPivotSearchType(widget.config, searchTypeIdOf(widget)), ...overrides(widget) };
    const trend = widget.config.visualization === "numeric" && widget.config.visualization_config?.trend === true;
    return [
      pivot,
      ...(trend && trendRange ? [{ ...pivot, id: trendSearchTypeIdOf(widget), timerange: trendRange }] : []),
      ...(widget.config.event_annotation ? [{ type: "events" as const, id: eventsSearchTypeIdOf(widget), ...overrides(widget) }] : []),
    ];
  },
};

function searchTypesOf(widget: Widget, context: SearchTypeContext): SearchType[] {
  return (SEARCH_TYPE_BUILDERS[widget.type] as SearchTypeBuilder<typeof widget.type>)(widget as never, context);
}

/** All widgets' search types and the widget → search types mapping of the view state. */
export function widgetSearchTypes(
  widgets: readonly Widget[],
  pages: Readonly<Record<string, number>>,
  trendRange: TimeRange | null = null,
): { searchTypes: SearchType[]; widgetMapping: Record<string, string[]> } {
  const perWidget = widgets.map((widget) => {
    const page = pages[widget.id] ?? 1;
    const paging = { limit: MESSAGES_PAGE_SIZE, offset: MESSAGES_PAGE_SIZE * (page - 1) };
    return [widget.id, searchTypesOf(widget, { paging, trendRange })] as const;
  });
  return {
    searchTypes: perWidget.flatMap(([, types]) => types),
    widgetMapping: Object.fromEntries(perWidget.map(([id, types]) => [id, types.map((type) => type.id)])),
  };
}
