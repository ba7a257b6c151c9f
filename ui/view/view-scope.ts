import { atom, createStore, useAtomValue } from "jotai";
import { useState } from "react";
import { openViewAtom, type ViewScopeState, viewWidgetsAtom } from "./view-state.ts";

/** A jotai store: what `createStore` makes and `<Provider store>` takes. */
export type ViewStore = ReturnType<typeof createStore>;

/** The view whose state the app store keeps: a key naming it ('search', or the saved view's) and its store. */
export interface ViewScope {
  key: string;
  store: ViewStore;
}

/**
 * The one view scope of the app store: the last view the user worked on, kept while they visit other pages (an
 * unsaved search is still there when they come back). A holder object, made once per app store (and so per
 * server render), because `useViewScope` reads and replaces it while rendering.
 */
const viewScopeHolderAtom = atom(() => ({ current: null as ViewScope | null }));

/** Options of `useViewScope`. */
export interface ViewScopeOptions {
  key: string;
  /** Start over even when the scope of `key` is kept (/search/new). */
  fresh: boolean;
  /** The state a new scope starts with, from what the page loaded. */
  initial: () => ViewScopeState;
}

/** Whether the app store keeps the scope of `key` (the page then needs nothing loaded to show it). */
export function useKeptViewScope(key: string): boolean {
  return useAtomValue(viewScopeHolderAtom).current?.key === key;
}

/**
 * The store of a view's client state, for `<Provider store>` around the view: the kept one for the same key, else
 * a new one filled with `initial()` once, on the page's first render (not synced by effects). Render the page
 * under a React key of the scope key, so that another view gets its own scope.
 */
export function useViewScope({ key, fresh, initial }: ViewScopeOptions): ViewScope & { rekey: (next: string) => void } {
  const holder = useAtomValue(viewScopeHolderAtom);
  const [scope] = useState(() => {
    const kept = holder.current;
    if (!fresh && kept?.key === key) return kept;
    const created: ViewScope = { key, store: createViewStore(initial()) };
    holder.current = created;
    return created;
  });
  return {
    ...scope,
    // A saved new view keeps its scope under the saved view's key: its page opens with it.
    rekey: (next) => {
      if (holder.current === scope) holder.current = { key: next, store: scope.store };
    },
  };
}

/** A view store holding `state`. */
export function createViewStore(state: ViewScopeState): ViewStore {
  const store = createStore();
  store.set(viewWidgetsAtom, state.widgets);
  store.set(openViewAtom, state.open);
  return store;
}
