import { Box, Group, Pagination, ScrollArea, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowsSort, IconGripVertical, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useAtom } from "jotai";
import { type DragEvent, type KeyboardEvent, type PointerEvent, useCallback, useState } from "react";
import type { SortDirection } from "../../../api/schemas/widgets.ts";
import type { MessagesWidgetConfig } from "../../../api/schemas/widgets.ts";
import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import type { StreamSummary } from "../../../api/schemas/streams.ts";
import { clampColumnWidth, DEFAULT_COLUMN_WIDTHS, moveColumn, shiftColumn } from "./logic/message-columns.ts";
import type { MessageRow } from "./logic/message-rows.ts";
import { columnSortDirection, nextColumnSort, sortLabel } from "./logic/message-table-sort.ts";
import { pagingModel } from "./logic/paging.ts";
import { MessageDetails } from "./MessageDetails.tsx";
import { MESSAGE_TABLE_CLASSES as css, MESSAGE_TABLE_CSS } from "./message-table-styles.ts";
import { messageColumnWidthsAtom } from "./message-table-state.ts";
import { MessageTableRow } from "./MessageTableRow.tsx";

export interface MessageTableProps {
  /** The widget's config: columns (`fields`), message row, summary, sort. Changes go back through onConfigChange. */
  config: MessagesWidgetConfig;
  onConfigChange: (config: MessagesWidgetConfig) => void;
  messages: readonly MessageRow[];
  total: number;
  page: number;
  pageSize: number;
  resultWindowLimit: number;
  onPageChange: (page: number) => void;
  timezone: string;
  /** Mark the search terms from `highlight_ranges` (the fixed 'Search terms' highlighting entry); default on. */
  highlightTerms?: boolean;
  /** A background colour for a cell (highlighting rules), or null for none. */
  cellColor?: (field: string, value: unknown) => string | null;
  fieldTypes?: readonly FieldTypeMapping[];
  /** Streams for the details' 'Test against stream'; fetched there when not given. */
  streams?: readonly StreamSummary[];
  /** The page's query; with onQueryChange, the details' value actions refine it. */
  query?: string;
  onQueryChange?: (query: string) => void;
  onShowTopValues?: (field: string) => void;
  onShowStatistics?: (field: string) => void;
}

/** Rows without highlighting rules share one empty colour list. */
const NO_COLORS: readonly (string | null)[] = [];

/** The MIME type of a dragged column header, so that other drops are ignored. */
const COLUMN_DRAG_TYPE = "application/x-sluice-column";

/**
 * A message table widget (spec 001 §3, §4, §9): the config's fields as resizable, reorderable columns, the
 * message row under each message, a sticky header whose clicks cycle the sort, paging by limit/offset with the
 * result-window text, level colouring, and rows that expand into message details unless text is selected.
 */
export function MessageTable(props: MessageTableProps) {
  const { config, onConfigChange, messages, total, page, pageSize, resultWindowLimit, onPageChange, timezone, highlightTerms = true, cellColor } = props;
  const fields = config.fields;
  const columnCount = Math.max(1, fields.length);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [widths, setWidths] = useAtom(messageColumnWidthsAtom);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const paging = pagingModel(total, pageSize, resultWindowLimit);
  // Rows render again only when their colours change, not because the caller passed a new function.
  const rowColors = (message: MessageRow) =>
    cellColor
      ? [...fields.map((field) => cellColor(field, message.raw[field])), cellColor("message", message.raw.message)]
      : NO_COLORS;

  // Stable, so that the memoized rows do not render again when something else in the table changes.
  const toggle = useCallback((id: string) => {
    // A click that ends a text selection is not a toggle (spec 001 §4 'Message row').
    if ((globalThis.getSelection?.()?.toString() ?? "") !== "") return;
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const sortBy = (field: string) => {
    onConfigChange({ ...config, sort: nextColumnSort(config.sort, field) });
    onPageChange(1);
  };
  const setFields = (next: string[]) => onConfigChange({ ...config, fields: next });
  const drop = (event: DragEvent, target: string) => {
    const field = event.dataTransfer.getData(COLUMN_DRAG_TYPE);
    setDropTarget(null);
    if (field && field !== target) {
      event.preventDefault();
      setFields(moveColumn(fields, field, target));
    }
  };

  return (
    <Box>
      <style>{MESSAGE_TABLE_CSS}</style>
      {config.show_summary && (
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="message-total">
            {total === 0 ? "No messages found" : `Showing ${pageSize * (page - 1) + 1}–${pageSize * (page - 1) + messages.length} of ${total} messages`}
          </Text>
          {paging.pageCount > 1 && <Pagination size="sm" total={paging.pageCount} value={page} onChange={onPageChange} aria-label="Message table pages" />}
        </Group>
      )}
      {!config.show_summary && paging.pageCount > 1 && (
        <Pagination size="sm" mb="xs" total={paging.pageCount} value={page} onChange={onPageChange} aria-label="Message table pages" />
      )}
      {paging.windowText && <Text size="xs" c="yellow.8" mb="xs">{paging.windowText}</Text>}
      <ScrollArea.Autosize mah={720} type="auto">
        <Table stickyHeader highlightOnHover withRowBorders={false} layout="fixed" data-testid="message-table">
          <Table.Thead>
            <Table.Tr>
              {fields.map((field) => (
                <ColumnHeader
                  key={field}
                  field={field}
                  width={widths[field] ?? DEFAULT_COLUMN_WIDTHS[field]}
                  direction={columnSortDirection(config.sort, field)}
                  dropTarget={dropTarget === field}
                  onSort={() => sortBy(field)}
                  onShift={(step) => setFields(shiftColumn(fields, field, step))}
                  onResize={(width) => setWidths((current) => ({ ...current, [field]: clampColumnWidth(width) }))}
                  onDragOver={(event) => {
                    if (!event.dataTransfer.types.includes(COLUMN_DRAG_TYPE)) return;
                    event.preventDefault();
                    setDropTarget(field);
                  }}
                  onDragLeave={() => setDropTarget((current) => (current === field ? null : current))}
                  onDrop={(event) => drop(event, field)}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.flatMap((message) => {
              const open = expanded.has(message.id);
              // Siblings with their own keys, not a keyed Fragment per message: 150 fewer nodes for React to build.
              const row = (
                <MessageTableRow
                  key={message.id}
                  message={message}
                  fields={fields}
                  showMessageRow={config.show_message_row}
                  expanded={open}
                  timezone={timezone}
                  highlightTerms={highlightTerms}
                  cellColors={rowColors(message)}
                  onToggle={toggle}
                />
              );
              if (!open) return [row];
              return [
                row,
                <tr key={`${message.id}:details`} className={css.row} data-level={message.level?.tone} data-separated="">
                  <td className={css.cell} colSpan={columnCount}>
                    <MessageDetails
                      message={message}
                      timezone={timezone}
                      tableFields={fields}
                      onTableFieldsChange={setFields}
                      query={props.query}
                      onQueryChange={props.onQueryChange}
                      onShowTopValues={props.onShowTopValues}
                      onShowStatistics={props.onShowStatistics}
                      fieldTypes={props.fieldTypes}
                      streams={props.streams}
                    />
                  </td>
                </tr>,
              ];
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Box>
  );
}

interface ColumnHeaderProps {
  field: string;
  width: number | undefined;
  direction: SortDirection | null;
  dropTarget: boolean;
  onSort: () => void;
  onShift: (step: -1 | 1) => void;
  onResize: (width: number) => void;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
}

const SORT_ICONS = { Descending: IconSortDescending, Ascending: IconSortAscending } as const;

/** A column header: drag the label to move the column, its right edge to resize it, click to cycle the sort. */
function ColumnHeader({ field, width, direction, dropTarget, onSort, onShift, onResize, onDragOver, onDragLeave, onDrop }: ColumnHeaderProps) {
  const SortIcon = direction ? SORT_ICONS[direction] : IconArrowsSort;
  const keys = (event: KeyboardEvent) => {
    // Alt+arrows move the column for those who do not drag.
    if (!event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    onShift(event.key === "ArrowLeft" ? -1 : 1);
  };
  const startResize = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    const startX = event.clientX;
    const startWidth = handle.parentElement?.getBoundingClientRect().width ?? width ?? 150;
    handle.setPointerCapture(event.pointerId);
    const move = (moved: globalThis.PointerEvent) => onResize(startWidth + moved.clientX - startX);
    const end = () => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", end);
      handle.removeEventListener("pointercancel", end);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", end);
    handle.addEventListener("pointercancel", end);
  };
  return (
    <Table.Th
      w={width}
      data-testid="message-column"
      data-field={field}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      style={{ position: "relative", boxShadow: dropTarget ? "inset 3px 0 0 var(--mantine-primary-color-filled)" : undefined }}
    >
      <Group
        gap={2}
        wrap="nowrap"
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(COLUMN_DRAG_TYPE, field);
          event.dataTransfer.effectAllowed = "move";
        }}
        title="Drag to move the column (or Alt+←/→)"
        style={{ cursor: "grab", minWidth: 0 }}
      >
        <IconGripVertical size={12} style={{ flexShrink: 0, opacity: 0.4 }} aria-hidden />
        <UnstyledButton onClick={onSort} onKeyDown={keys} aria-label={sortLabel(field, direction)} style={{ minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={700} truncate>{field}</Text>
            <SortIcon size={14} style={{ flexShrink: 0, opacity: direction ? 1 : 0.35 }} />
          </Group>
        </UnstyledButton>
      </Group>
      <Box
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize column ${field}`}
        onPointerDown={startResize}
        onKeyDown={(event) => {
          if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
          event.preventDefault();
          const current = event.currentTarget.parentElement?.getBoundingClientRect().width ?? width ?? 150;
          onResize(current + (event.key === "ArrowLeft" ? -10 : 10));
        }}
        tabIndex={0}
        style={{ position: "absolute", top: 0, right: 0, bottom: 0, width: 6, cursor: "col-resize", touchAction: "none" }}
      />
    </Table.Th>
  );
}
