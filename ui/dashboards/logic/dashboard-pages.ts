import type { Widget } from "../../../api/schemas/widgets.ts";
import { DEFAULT_SEARCH_STATE, type SearchUrlState } from "../../view/url-state.ts";
import { addWidget, columnSpan, EMPTY_VIEW_WIDGETS, removeWidget, type ViewWidgets } from "../../view/view-widgets.ts";

/**
 * A dashboard's pages (spec 001 §3, §4 'Pages'): a dashboard is a view of type DASHBOARD whose queries are its
 * pages; each page has its own query string, time range and streams, its tab title and its widgets. Pure
 * operations, one per user action.
 */

/** Page title limit (spec 001 §5, §9). */
export const PAGE_TITLE_MAX_LENGTH = 40;

export interface DashboardPage {
  /** The query id of the page. */
  id: string;
  title: string;
  search: SearchUrlState;
  widgets: ViewWidgets;
}

/** The default title of the Nth page: 'Page#N' (spec 001 §3). */
export const defaultPageTitle = (n: number) => `Page#${n}`;

/** A new page: the default search, no widgets. */
export function newPage(id: string, title: string): DashboardPage {
  return { id, title, search: DEFAULT_SEARCH_STATE, widgets: EMPTY_VIEW_WIDGETS };
}

/** The first page of a new dashboard: a fixed id, so that the server render and the browser agree. */
export const NEW_DASHBOARD_PAGE_ID = "page-1";

/** A new dashboard has one empty page (spec 001 §3 'A new dashboard is empty'). */
export function newDashboardPages(id: string): DashboardPage[] {
  return [newPage(id, defaultPageTitle(1))];
}

/** Adds a page at the end, titled 'Page#N' with the first N no other page has as title. */
export function addPage(pages: readonly DashboardPage[], id: string): DashboardPage[] {
  let n = pages.length + 1;
  const titles = new Set(pages.map((page) => page.title));
  while (titles.has(defaultPageTitle(n))) n++;
  return [...pages, newPage(id, defaultPageTitle(n))];
}

/** Why a page title cannot be used; null when it can. */
export function pageTitleError(title: string): string | null {
  if (title.trim() === "") return "Title is required.";
  if (title.length > PAGE_TITLE_MAX_LENGTH) return `Title must be at most ${PAGE_TITLE_MAX_LENGTH} characters.`;
  return null;
}

/** Renames a page; a blank or too long title leaves it as it was (spec 001 §4: a blank value reverts). */
export function renamePage(pages: readonly DashboardPage[], pageId: string, title: string): DashboardPage[] {
  if (pageTitleError(title) !== null) return [...pages];
  return pages.map((page) => page.id === pageId ? { ...page, title: title.trim() } : page);
}

/**
 * A copy of a page after it: ' (Copy)' appended to its title, every widget under a new id (positions and
 * titles follow). `newWidgetId` makes ids (crypto.randomUUID in the page).
 */
export function duplicatePage(
  pages: readonly DashboardPage[],
  pageId: string,
  newId: string,
  newWidgetId: () => string,
): DashboardPage[] {
  const index = pages.findIndex((page) => page.id === pageId);
  if (index < 0) return [...pages];
  const copy = { ...copyPage(pages[index], newWidgetId), id: newId };
  return [...pages.slice(0, index + 1), copy, ...pages.slice(index + 1)];
}

/** A page with its title suffixed ' (Copy)' and every widget under a new id. */
export function copyPage(page: DashboardPage, newWidgetId: () => string): DashboardPage {
  const ids = new Map([...page.widgets.widgets, ...page.widgets.unknownWidgets].map((widget) => [widget.id, newWidgetId()]));
  const renamed = (id: string) => ids.get(id) ?? id;
  const rekey = <T>(record: Readonly<Record<string, T>>) =>
    Object.fromEntries(Object.entries(record).map(([id, value]) => [renamed(id), value]));
  const widgets = page.widgets;
  return {
    ...page,
    title: `${page.title} (Copy)`,
    widgets: {
      ...widgets,
      widgets: widgets.widgets.map((widget) => structuredClone({ ...widget, id: renamed(widget.id) })),
      unknownWidgets: widgets.unknownWidgets.map((widget) => ({ ...widget, id: renamed(widget.id) })),
      positions: rekey(widgets.positions),
      titles: rekey(widgets.titles),
    },
  };
}

/** Removes a page; the last page cannot be removed (spec 001 §4). */
export function removePage(pages: readonly DashboardPage[], pageId: string): DashboardPage[] {
  if (pages.length <= 1) return [...pages];
  return pages.filter((page) => page.id !== pageId);
}

/** The page to show after removing `pageId` while `activeId` is shown: the previous page, else the first left. */
export function activeAfterRemoval(pages: readonly DashboardPage[], pageId: string, activeId: string): string {
  if (pageId !== activeId) return activeId;
  const index = pages.findIndex((page) => page.id === pageId);
  const remaining = pages.filter((page) => page.id !== pageId);
  return (remaining[Math.max(0, index - 1)] ?? remaining[0] ?? pages[0]).id;
}

/** Moves the page at `from` to `to` (indexes into the list). */
export function reorderPages(pages: readonly DashboardPage[], from: number, to: number): DashboardPage[] {
  const next = [...pages];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Replaces one page's widgets. */
export function withPageWidgets(pages: readonly DashboardPage[], pageId: string, widgets: ViewWidgets): DashboardPage[] {
  return pages.map((page) => page.id === pageId ? { ...page, widgets } : page);
}

/** Replaces one page's search (query, time range, streams). */
export function withPageSearch(pages: readonly DashboardPage[], pageId: string, search: SearchUrlState): DashboardPage[] {
  return pages.map((page) => page.id === pageId ? { ...page, search } : page);
}

/** A widget with its title and size, as it travels to another page or dashboard. */
export interface TravellingWidget {
  widget: Widget;
  title: string | undefined;
  size: { height: number; width: number };
}

/** The widget of a page ready to travel (null when the page has no such widget). */
export function travellingWidget(page: DashboardPage, widgetId: string): TravellingWidget | null {
  const widget = page.widgets.widgets.find((candidate) => candidate.id === widgetId);
  const position = page.widgets.positions[widgetId];
  if (!widget || !position) return null;
  return { widget, title: page.widgets.titles[widgetId], size: { height: position.height, width: columnSpan(position) } };
}

/** Places a travelling widget top-left on a page's widgets under `newId` (the others move down). */
export function placeWidget(widgets: ViewWidgets, travelling: TravellingWidget, newId: string): ViewWidgets {
  return addWidget(widgets, structuredClone({ ...travelling.widget, id: newId }), travelling.size, travelling.title);
}

/** The pages with the widget removed from whichever holds it ('Move to Dashboard' leaves this dashboard). */
export function withoutWidget(pages: readonly DashboardPage[], widgetId: string): DashboardPage[] {
  return pages.map((page) =>
    page.widgets.widgets.some((widget) => widget.id === widgetId) ? { ...page, widgets: removeWidget(page.widgets, widgetId) } : page
  );
}

/** Move to Page: the widget leaves its page and lands top-left on the target page, keeping its id. */
export function moveWidgetToPage(
  pages: readonly DashboardPage[],
  fromPageId: string,
  widgetId: string,
  toPageId: string,
): DashboardPage[] {
  const from = pages.find((page) => page.id === fromPageId);
  const travelling = from ? travellingWidget(from, widgetId) : null;
  if (!travelling || fromPageId === toPageId || !pages.some((page) => page.id === toPageId)) return [...pages];
  return pages.map((page) => {
    if (page.id === fromPageId) return { ...page, widgets: removeWidget(page.widgets, widgetId) };
    if (page.id === toPageId) return { ...page, widgets: placeWidget(page.widgets, travelling, widgetId) };
    return page;
  });
}

/** The pages a widget can move to: every page but its own (spec 001 §5 'Move widget'). */
export const movePageTargets = (pages: readonly DashboardPage[], currentPageId: string) =>
  pages.filter((page) => page.id !== currentPageId);
