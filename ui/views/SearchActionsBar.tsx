import { ActionIcon, Button, Group, Indicator, Menu } from "@mantine/core";
import {
  IconDeviceFloppy,
  IconDots,
  IconDownload,
  IconEdit,
  IconFolderOpen,
  IconLayoutDashboard,
  IconRefresh,
  IconShare,
} from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { createGrn } from "../../shared/grn.ts";
import { entityOwnPermission, isPermitted } from "../../shared/permissions.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import { SAVE_BUTTON_TITLES, saveStateOf } from "./logic/save-name.ts";
import { SaveViewPopover } from "./SaveViewPopover.tsx";
import type { SavedView } from "./view-queries.ts";
import type { ViewMetadata } from "./ViewMetadataDialog.tsx";

// The dialogs are not on screen at first paint: their code loads when one is first opened (or its button
// hovered), keeping it out of the search page's initial scripts (issue 4 item 10).
const loadDialogs = () => import("./search-action-dialogs.ts");
const SavedSearchesModal = lazy(() => loadDialogs().then((module) => ({ default: module.SavedSearchesModal })));
const ShareDialog = lazy(() => loadDialogs().then((module) => ({ default: module.ShareDialog })));
const ViewMetadataDialog = lazy(() => loadDialogs().then((module) => ({ default: module.ViewMetadataDialog })));

/** Starts loading a dialog's code; a failure shows when the dialog is opened. */
const prefetch = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** The saved search open on the page, as far as these actions need it. */
export interface ActiveSavedSearch extends ViewMetadata {
  id: string;
  owner: string;
}

export interface SearchActionsBarProps {
  /** The saved search open on the page; null for a new, unsaved search. */
  view: ActiveSavedSearch | null;
  /** Changes since the last save (spec 001 §4 'Save state'). */
  dirty: boolean;
  /** Whether the user may save over the open search (owner, manager or view:edit). */
  editable: boolean;
  /** Save over the open search, under a new title when the popover changed it. */
  onSave(title: string): void;
  /** Save as a new saved search. */
  onSaveAs(title: string): void;
  /** A saved search was chosen in the Load dialog. */
  onLoad(view: SavedView): void;
  onReset(): void;
  onExport(): void;
  onExportToDashboard(): void;
  onMetadataChange(metadata: ViewMetadata): void;
  /** The open search was deleted from the Load dialog. */
  onDeleteActive?(): void;
}

/**
 * The search page's Save, Load and Share buttons and its dropdown with Edit metadata, Export to dashboard,
 * Export and Reset search (spec 001 §2 'Widget and page actions'). The page owns the view state; this bar
 * only collects the user's intent.
 */
export function SearchActionsBar(props: SearchActionsBarProps) {
  const { view, dirty, editable } = props;
  const user = useCurrentUser();
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [editingMetadata, setEditingMetadata] = useState(false);
  // A dialog is mounted from its first opening on, so it keeps its closing transition afterwards.
  const [used, setUsed] = useState({ load: false, share: false, metadata: false });
  const use = (dialog: keyof typeof used) => setUsed((current) => current[dialog] ? current : { ...current, [dialog]: true });

  const saveState = saveStateOf(view?.title ?? null, dirty);
  const owns = view !== null &&
    (view.owner === user.username || isPermitted(user.permissions, entityOwnPermission("search", view.id)));
  const shareBlocked = view === null
    ? "Only saved searches can be shared."
    : owns
    ? null
    : "Only owners of this search are allowed to share it.";
  const mayCreateDashboards = isPermitted(user.permissions, "dashboards:create");

  return (
    <Group gap={4} wrap="nowrap" data-testid="search-actions">
      <SaveViewPopover
        opened={saving}
        onClose={() => setSaving(false)}
        savedTitle={view?.title ?? null}
        editable={editable}
        onSave={props.onSave}
        onSaveAs={props.onSaveAs}
      >
        <Indicator disabled={saveState !== "dirty"} size={8} offset={4} color="orange" processing={false}>
          <Button
            size="xs"
            variant={saveState === "saved" ? "light" : "default"}
            leftSection={<IconDeviceFloppy size={14} />}
            title={SAVE_BUTTON_TITLES[saveState]}
            aria-label={SAVE_BUTTON_TITLES[saveState]}
            onClick={() => setSaving((open) => !open)}
          >
            Save
          </Button>
        </Indicator>
      </SaveViewPopover>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFolderOpen size={14} />}
        onPointerEnter={prefetch(loadDialogs)}
        onClick={() => {
          use("load");
          setLoading(true);
        }}
      >
        Load
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconShare size={14} />}
        disabled={shareBlocked !== null}
        title={shareBlocked ?? "Share"}
        onPointerEnter={prefetch(loadDialogs)}
        onClick={() => {
          use("share");
          setSharing(true);
        }}
      >
        Share
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={30} aria-label="More search actions" title="More actions">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconEdit size={14} />}
            disabled={view === null || !editable}
            onPointerEnter={prefetch(loadDialogs)}
            onClick={() => {
              use("metadata");
              setEditingMetadata(true);
            }}
          >
            Edit metadata
          </Menu.Item>
          {mayCreateDashboards && (
            <Menu.Item leftSection={<IconLayoutDashboard size={14} />} onClick={props.onExportToDashboard}>
              Export to dashboard
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={props.onExport}>Export</Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconRefresh size={14} />} onClick={props.onReset}>Reset search</Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Suspense fallback={null}>
        {used.load && (
          <SavedSearchesModal
            opened={loading}
            onClose={() => setLoading(false)}
            onLoad={props.onLoad}
            activeViewId={view?.id ?? null}
            onDeleteActive={props.onDeleteActive}
          />
        )}
        {view && used.share && (
          <ShareDialog
            opened={sharing}
            onClose={() => setSharing(false)}
            entityGrn={createGrn("search", view.id)}
            entityType="search"
            entityTitle={view.title}
          />
        )}
        {view && used.metadata && (
          <ViewMetadataDialog
            opened={editingMetadata}
            type="search"
            metadata={{ title: view.title, summary: view.summary, description: view.description }}
            onSave={props.onMetadataChange}
            onClose={() => setEditingMetadata(false)}
          />
        )}
      </Suspense>
    </Group>
  );
}
