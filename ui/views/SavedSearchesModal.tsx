import { Modal } from "@mantine/core";
import { SavedSearchesList } from "./SavedSearchesList.tsx";
import type { SavedView } from "./view-queries.ts";

interface Props {
  opened: boolean;
  onClose(): void;
  /** A row was chosen: the page loads that saved search (the modal closes itself). */
  onLoad(view: SavedView): void;
  /** The id of the search open on the page, if saved: deleting it calls `onDeleteActive`. */
  activeViewId?: string | null;
  /** The open search was deleted; the page navigates away (spec 001 §8). */
  onDeleteActive?(): void;
}

/** The Load dialog of the search page: the saved searches list; choosing one loads it. */
export function SavedSearchesModal({ opened, onClose, onLoad, activeViewId = null, onDeleteActive }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Saved searches" size="xl">
      <SavedSearchesList
        enabled={opened}
        onLoad={(view) => {
          onLoad(view);
          onClose();
        }}
        activeViewId={activeViewId}
        onDeleteActive={onDeleteActive}
      />
    </Modal>
  );
}
