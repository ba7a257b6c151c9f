import { createContext } from "react";
import type { WidgetBodySize } from "./logic/widget-body-estimate.ts";

/**
 * The body size a widget is expected to get in its grid cell before it can measure itself (server render and
 * hydration); null outside the grid (focused or edited widgets), where nothing is drawn until measured.
 */
export const EstimatedWidgetBodySize = createContext<WidgetBodySize | null>(null);
