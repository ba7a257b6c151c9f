/**
 * Widget focus and editing, held in URL parameters (spec 001 §2, §4 'Widget focus'): focusedId with focusing or
 * editing set to 'true'. Editing implies focusing; leaving focus clears the parameters.
 */
export type WidgetFocus = { mode: "none" } | { mode: "focusing" | "editing"; widgetId: string };

const FOCUS_PARAMS = ["focusedId", "focusing", "editing"] as const;

export function readWidgetFocus(params: URLSearchParams): WidgetFocus {
  const widgetId = params.get("focusedId");
  if (!widgetId) return { mode: "none" };
  if (params.get("editing") === "true") return { mode: "editing", widgetId };
  if (params.get("focusing") === "true") return { mode: "focusing", widgetId };
  return { mode: "none" };
}

/** The same parameters with the focus replaced. */
export function withWidgetFocus(params: URLSearchParams, focus: WidgetFocus): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FOCUS_PARAMS) next.delete(name);
  if (focus.mode !== "none") {
    next.set("focusedId", focus.widgetId);
    next.set(focus.mode, "true");
  }
  return next;
}
