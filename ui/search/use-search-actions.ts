import { useQueryClient } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { useNavigate } from "react-router";
import { paths } from "../../shared/paths.ts";
import { entityOwnPermission, isPermitted } from "../../shared/permissions.ts";
import { failureMessage } from "../api/fetch-error.ts";
import { toastError, toastSuccess } from "../common/toast.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import { invalidateViews, type SavedView, setViewFavorite, toSavedView } from "../views/view-queries.ts";
import type { SearchActionsBarProps } from "../views/SearchActionsBar.tsx";
import type { ViewWidgets } from "../view/view-widgets.ts";
import type { SearchDefinition } from "../view/search-request.ts";
import { type SearchUrlState, toSearchParams } from "../view/url-state.ts";
import { saveSearch } from "./save-search.ts";
import { openViewAtom } from "../view/view-state.ts";

interface Options {
  widgets: ViewWidgets;
  definition: SearchDefinition;
  submitted: SearchUrlState;
  onExport: () => void;
  /** A new saved search is saved: its page is about to open with the page's state. */
  onSavedAsNew: (viewId: string) => void;
}

/** Whether the page differs from what was last saved or loaded (spec 001 §4 'Save state'). */
export function isDirty(open: { saved: { widgets: ViewWidgets; search: SearchUrlState } } | null, widgets: ViewWidgets, search: SearchUrlState): boolean {
  if (!open) return false;
  return JSON.stringify(open.saved.widgets) !== JSON.stringify(widgets) || JSON.stringify(open.saved.search) !== JSON.stringify(search);
}

/** The search page's Save, Save as, Load, Reset, metadata and export-to-dashboard actions. */
export function useSearchActions({ widgets, definition, submitted, onExport, onSavedAsNew }: Options): Omit<SearchActionsBarProps, "onDeleteActive"> & {
  onDeleteActive: () => void;
  /** The header's favorite toggle of the saved search. */
  onToggleFavorite: () => void;
} {
  const [open, setOpen] = useAtom(openViewAtom);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const view = open?.view ?? null;
  const editable = view !== null &&
    (view.owner === user.username || isPermitted(user.permissions, `view:edit:${view.id}`) ||
      isPermitted(user.permissions, entityOwnPermission("search", view.id)));

  const save = async (existing: SavedView | null, title: string, meta = { summary: view?.summary ?? "", description: view?.description ?? "" }) => {
    try {
      const saved = toSavedView(await saveSearch({ widgets, definition, title, ...meta }, existing));
      setOpen({ view: saved, saved: { widgets, search: submitted } });
      await invalidateViews(queryClient);
      toastSuccess(`Saving view "${saved.title}" was successful!`, "Success!");
      if (!existing) {
        onSavedAsNew(saved.id);
        navigate(`${paths.searchView.href({ viewId: saved.id })}?${toSearchParams(submitted)}`);
      }
    } catch (error) {
      toastError(`Saving view failed: ${failureMessage(error)}`, "Error!");
    }
  };

  return {
    view,
    dirty: isDirty(open, widgets, submitted),
    editable,
    onSave: (title) => void save(view, title),
    onSaveAs: (title) => void save(null, title),
    onLoad: (chosen) => navigate(paths.searchView.href({ viewId: chosen.id })),
    onReset: () => navigate(paths.searchNew.href()),
    onExport,
    onExportToDashboard: () => {
      void (async () => {
        try {
          const dashboard = await saveSearch(
            { widgets, definition, title: view ? view.title : "Untitled Dashboard", summary: "", description: "" },
            null,
            "DASHBOARD",
          );
          await invalidateViews(queryClient);
          navigate(paths.dashboard.href({ viewId: dashboard.id }));
        } catch (error) {
          toastError(error, "Exporting to dashboard failed");
        }
      })();
    },
    onMetadataChange: (metadata) => {
      if (!view || !open) return;
      void (async () => {
        try {
          const saved = toSavedView(
            await saveSearch({ widgets: open.saved.widgets, definition: { ...open.saved.search, timezone: definition.timezone }, ...metadata }, view),
          );
          setOpen({ ...open, view: saved });
          await invalidateViews(queryClient);
        } catch (error) {
          toastError(`Saving view failed: ${failureMessage(error)}`, "Error!");
        }
      })();
    },
    onDeleteActive: () => navigate(paths.searchNew.href()),
    onToggleFavorite: () => {
      if (!view || !open) return;
      const favorite = !view.favorite;
      void (async () => {
        try {
          await setViewFavorite(view, favorite);
          setOpen((current) => current && { ...current, view: { ...current.view, favorite } });
          await invalidateViews(queryClient);
        } catch (error) {
          toastError(error, favorite ? "Adding to favorites failed" : "Removing from favorites failed");
        }
      })();
    },
  };
}

