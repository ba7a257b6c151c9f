import { atom } from "jotai";
import { defaultSearchView } from "../widgets/logic/default-search-view.ts";
import type { ViewWidgets } from "../widgets/logic/view-widgets.ts";

/** The search page's client state (STYLE: jotai atoms per feature); the query and time range live in the URL. */

/** The widgets of the open search: the default new search until a saved one is loaded. */
export const viewWidgetsAtom = atom<ViewWidgets>(defaultSearchView());
