import { ActionIcon, Group, Title } from "@mantine/core";
import { IconPencil, IconStar, IconStarFilled } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { SavedView } from "./view-queries.ts";
import type { ViewMetadata } from "./ViewMetadataDialog.tsx";

interface Props {
  view: Pick<SavedView, "title" | "summary" | "description" | "favorite">;
  /** 'search' or 'dashboard', as the texts say it. */
  type: "search" | "dashboard";
  /** Whether the user may edit the view's metadata (the pencil shows only then). */
  editable: boolean;
  onToggleFavorite(): void;
  onMetadataChange(metadata: ViewMetadata): void;
}

// The dialog loads when first opened: it is not on screen at first paint.
const ViewMetadataDialog = lazy(() =>
  import("./search-action-dialogs.ts").then((module) => ({ default: module.ViewMetadataDialog }))
);

export const ADD_TO_FAVORITES = "Add to favorites";
export const REMOVE_FROM_FAVORITES = "Remove from favorites";
export const EDIT_METADATA = "Edit metadata";

/**
 * The header of a saved search or dashboard (spec 001 §2): its title, the favorite toggle and the edit-metadata
 * pencil, which opens 'Editing saved {type}'.
 */
export function SavedViewHeader({ view, type, editable, onToggleFavorite, onMetadataChange }: Props) {
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState(false);
  const favoriteLabel = view.favorite ? REMOVE_FROM_FAVORITES : ADD_TO_FAVORITES;
  return (
    <Group gap={4} wrap="nowrap" data-testid="saved-view-header">
      <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>{view.title}</Title>
      <ActionIcon
        variant="subtle"
        color={view.favorite ? "yellow" : "gray"}
        aria-label={favoriteLabel}
        title={favoriteLabel}
        aria-pressed={view.favorite}
        onClick={onToggleFavorite}
      >
        {view.favorite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
      </ActionIcon>
      {editable && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={EDIT_METADATA}
          title={EDIT_METADATA}
          onClick={() => {
            setOpened(true);
            setEditing(true);
          }}
        >
          <IconPencil size={18} />
        </ActionIcon>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ViewMetadataDialog
            opened={editing}
            type={type}
            metadata={{ title: view.title, summary: view.summary, description: view.description }}
            onSave={(metadata) => {
              onMetadataChange(metadata);
              setEditing(false);
            }}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </Group>
  );
}
