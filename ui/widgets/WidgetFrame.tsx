import { ActionIcon, Alert, Box, Group, List, Menu, Paper, Text, TextInput } from "@mantine/core";
import {
  IconArrowsDiagonal,
  IconArrowsDiagonalMinimize2,
  IconArrowsHorizontal,
  IconArrowsMinimize,
  IconChevronDown,
  IconCopy,
  IconDownload,
  IconLayoutDashboard,
  IconPencil,
  IconTransfer,
  IconTrash,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { HoverTooltip } from "../common/hover-tooltip/HoverTooltip.tsx";

export const WIDGET_ERRORS_HEADING =
  "While retrieving data for this widget, the following error(s) occurred:";

/** The CSS class of the title bar: the grid drags widgets by it. */
export const WIDGET_DRAG_HANDLE_CLASS = "widget-drag-handle";

export const removeWidgetQuestion = (title: string) =>
  `Are you sure you want to remove the widget "${title}"?`;

/** The frame's actions; a missing handler hides its control. */
export interface WidgetFrameActions {
  onTitleChange?: (title: string) => void;
  onToggleFocus?: () => void;
  onEdit?: () => void;
  onToggleWidth?: () => void;
  onDuplicate?: () => void;
  onCopyToDashboard?: () => void;
  onExport?: () => void;
  onMoveToPage?: () => void;
  /** Moves the widget to another dashboard: it leaves this one (dashboards only). */
  onMoveToDashboard?: () => void;
  onDelete?: () => void;
}

interface Props extends WidgetFrameActions {
  title: string;
  /** Descriptions of the search-type errors of this widget (spec 001 §8). */
  errors?: readonly string[];
  focused?: boolean;
  editing?: boolean;
  /** Full width in the grid (the width control then compresses). */
  stretched?: boolean;
  /** Beside the title (e.g. the total). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * A widget on a search or dashboard page (spec 001 §2 'Widget and page actions'): a title bar to drag by,
 * with stretch/compress, focus, edit and a menu (Duplicate, Copy to Dashboard, Export, Move to Page, Delete with
 * confirmation); below it the
 * content, or the widget's data errors.
 */
export function WidgetFrame(props: Props) {
  const { title, errors = [], focused = false, editing = false, stretched = false, headerExtra, children } =
    props;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // The dropdown shows when it has an item: a widget only watched (the wall display) has none.
  const hasMenu = [
    props.onDuplicate,
    props.onCopyToDashboard,
    props.onExport,
    props.onMoveToPage,
    props.onMoveToDashboard,
    props.onDelete,
  ]
    .some((action) => action !== undefined);
  const [editingTitle, setEditingTitle] = useState<string | null>(null);
  const commitTitle = () => {
    const next = editingTitle?.trim() ?? "";
    // A blank title reverts (spec 001 §4, as for page titles).
    if (next !== "" && next !== title) props.onTitleChange?.(next);
    setEditingTitle(null);
  };
  return (
    <Paper
      withBorder
      component="section"
      aria-label={title}
      h="100%"
      style={{ display: "flex", flexDirection: "column", overflow: "hidden" }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="sm"
        py={6}
        className={WIDGET_DRAG_HANDLE_CLASS}
        style={{
          borderBottom: "1px solid var(--mantine-color-default-border)",
          cursor: editing || focused ? undefined : "move",
        }}
      >
        {editingTitle !== null
          ? (
            <TextInput
              size="xs"
              aria-label="Widget title"
              value={editingTitle}
              autoFocus
              onChange={(event) => setEditingTitle(event.currentTarget.value)}
              onBlur={commitTitle}
              onKeyDown={(event) => {
                if (event.key === "Enter") commitTitle();
                if (event.key === "Escape") setEditingTitle(null);
              }}
              style={{ flex: 1 }}
            />
          )
          : (
            <Text
              component="h2"
              fw={600}
              size="sm"
              truncate
              title={props.onTitleChange ? "Double-click to edit the title" : undefined}
              onDoubleClick={props.onTitleChange ? () => setEditingTitle(title) : undefined}
              style={{ margin: 0 }}
            >
              {title}
            </Text>
          )}
        <Group gap={4} wrap="nowrap" className="widget-actions">
          {headerExtra}
          {props.onToggleWidth && !focused && (
            <HoverTooltip label={stretched ? "Compress width" : "Stretch width"}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={stretched ? "Compress width" : "Stretch width"}
                onClick={props.onToggleWidth}
              >
                {stretched ? <IconArrowsMinimize size={16} /> : <IconArrowsHorizontal size={16} />}
              </ActionIcon>
            </HoverTooltip>
          )}
          {props.onToggleFocus && !editing && (
            <HoverTooltip label={focused ? "Un-focus widget" : "Focus this widget"}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={focused ? "Un-focus widget" : "Focus this widget"}
                onClick={props.onToggleFocus}
              >
                {focused ? <IconArrowsDiagonalMinimize2 size={16} /> : <IconArrowsDiagonal size={16} />}
              </ActionIcon>
            </HoverTooltip>
          )}
          {props.onEdit && !editing && (
            <HoverTooltip label="Edit">
              <ActionIcon variant="subtle" size="sm" aria-label="Edit" onClick={props.onEdit}>
                <IconPencil size={16} />
              </ActionIcon>
            </HoverTooltip>
          )}
          {!editing && hasMenu && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="sm" aria-label="Open actions dropdown">
                  <IconChevronDown size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {props.onDuplicate && (
                  <Menu.Item leftSection={<IconCopy size={14} />} onClick={props.onDuplicate}>
                    Duplicate
                  </Menu.Item>
                )}
                {props.onCopyToDashboard && (
                  <Menu.Item
                    leftSection={<IconLayoutDashboard size={14} />}
                    onClick={props.onCopyToDashboard}
                  >
                    Copy to Dashboard
                  </Menu.Item>
                )}
                {props.onExport && (
                  <Menu.Item leftSection={<IconDownload size={14} />} onClick={props.onExport}>
                    Export
                  </Menu.Item>
                )}
                {props.onMoveToPage && (
                  <Menu.Item leftSection={<IconTransfer size={14} />} onClick={props.onMoveToPage}>
                    Move to Page
                  </Menu.Item>
                )}
                {props.onMoveToDashboard && (
                  <Menu.Item leftSection={<IconTransfer size={14} />} onClick={props.onMoveToDashboard}>
                    Move to Dashboard
                  </Menu.Item>
                )}
                {props.onDelete && (
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setConfirmingDelete(true)}
                    >
                      Delete
                    </Menu.Item>
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <Box p="sm" style={{ flex: 1, minHeight: 0, overflow: "auto" }}>
        {errors.length > 0
          ? (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm" fw={600}>{WIDGET_ERRORS_HEADING}</Text>
              <List size="sm" mt={4}>
                {errors.map((error) => <List.Item key={error}>{error}</List.Item>)}
              </List>
            </Alert>
          )
          : children}
      </Box>
      {/* Mounted when asked: a closed dialog per widget was work for every server render and hydration. */}
      {confirmingDelete && (
        <ConfirmDialog
          opened
          title="Delete widget"
          confirmText="Delete"
          confirmColor="red"
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setConfirmingDelete(false);
            props.onDelete?.();
          }}
        >
          {removeWidgetQuestion(title)}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
