import { ActionIcon } from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import { useState } from "react";
import { createGrn } from "../../shared/grn.ts";
import { ShareDialog } from "./ShareDialog.tsx";

interface Props {
  /** The entity's GRN type, e.g. `event_definition`. */
  grnType: string;
  /** How texts name the entity: 'event definition', 'notification', … */
  entityType: string;
  entityId: string;
  entityTitle: string;
}

/** A row's Share action: an icon that opens the share window of one entity (so a list adds sharing with one line). */
export function ShareButton({ grnType, entityType, entityId, entityTitle }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon variant="subtle" aria-label={`Share ${entityTitle}`} title="Share" onClick={() => setOpened(true)}>
        <IconShare size={16} />
      </ActionIcon>
      {opened && (
        <ShareDialog opened onClose={() => setOpened(false)} entityGrn={createGrn(grnType, entityId)} entityType={entityType} entityTitle={entityTitle} />
      )}
    </>
  );
}
