import { ActionIcon, Button, Group, Indicator, Menu } from "@mantine/core";
import { IconBug, IconDeviceFloppy, IconDots, IconDownload, IconEdit, IconMaximize, IconShare } from "@tabler/icons-react";
import { undeclaredParametersTitle } from "./logic/undeclared-parameters.ts";

export const ONLY_SAVED_DASHBOARDS_SHARED = "Only saved dashboards can be shared.";

export interface DashboardActionsBarProps {
  isNew: boolean;
  dirty: boolean;
  /** The user may save over this dashboard. */
  editable: boolean;
  /** Parameters the queries use that nothing declares (Save is disabled while there are any). */
  undeclaredParameters: readonly string[];
  /** Shown in development mode only (spec 001 §6). */
  debug: boolean;
  onSave(): void;
  onSaveAs(): void;
  onExport(): void;
  onShare(): void;
  onEditMetadata(): void;
  onFullScreen(): void;
  onDebug(): void;
}

/**
 * The dashboard's buttons (spec 001 §2 'Dashboard buttons', §4 'Save state'): Save (disabled when new, with
 * undeclared parameters or without edit permission), Save as, Share (saved dashboards only), and a dropdown with
 * Edit metadata, Export, Debug and Full Screen.
 */
export function DashboardActionsBar(props: DashboardActionsBarProps) {
  const { isNew, dirty, editable, undeclaredParameters } = props;
  const undeclared = undeclaredParameters.length > 0;
  return (
    <Group gap={4} wrap="nowrap" data-testid="dashboard-actions">
      <Indicator disabled={!dirty || isNew} size={8} offset={4} color="orange">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDeviceFloppy size={14} />}
          disabled={isNew || !editable || undeclared}
          title={undeclared ? undeclaredParametersTitle(undeclaredParameters) : dirty ? "Unsaved changes" : "Save dashboard"}
          onClick={props.onSave}
        >
          Save
        </Button>
      </Indicator>
      <Button size="xs" variant="default" leftSection={<IconDeviceFloppy size={14} />} onClick={props.onSaveAs}>Save as</Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconShare size={14} />}
        disabled={isNew || !editable}
        title={isNew ? ONLY_SAVED_DASHBOARDS_SHARED : "Share"}
        onClick={props.onShare}
      >
        Share
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={30} aria-label="More dashboard actions" title="More actions">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={14} />} disabled={isNew || !editable} onClick={props.onEditMetadata}>Edit metadata</Menu.Item>
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={props.onExport}>Export</Menu.Item>
          {props.debug && <Menu.Item leftSection={<IconBug size={14} />} onClick={props.onDebug}>Debug</Menu.Item>}
          <Menu.Item leftSection={<IconMaximize size={14} />} disabled={isNew} onClick={props.onFullScreen}>Full Screen</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
