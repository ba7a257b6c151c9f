import { type CSSProperties, memo, type ReactNode } from "react";
import { DecoratedValue } from "../../decorators/DecoratedValue.tsx";
import { highlightedText } from "./HighlightedText.tsx";
import { readableTextColor } from "../../view/highlighting-rules.ts";
import type { HighlightRange } from "./logic/highlight.ts";
import { fieldText, type MessageRow } from "./logic/message-rows.ts";
import { formatTimestamp } from "../../common/time-format.ts";
import { MESSAGE_TABLE_CLASSES as css } from "./message-table-styles.ts";

export interface MessageTableRowProps {
  message: MessageRow;
  /** The table's columns. */
  fields: readonly string[];
  showMessageRow: boolean;
  expanded: boolean;
  timezone: string;
  /** Mark the search terms from `highlight_ranges`. */
  highlightTerms: boolean;
  /** Highlighting-rule backgrounds: one per field of `fields`, then the message row's; null for none. */
  cellColors: readonly (string | null)[];
  /** Called with the message id; stable across renders so that unchanged rows skip rendering. */
  onToggle: (id: string) => void;
}

/**
 * One message of the message table: its field cells and, when shown, the message row under them. Plain
 * elements with the classes of `message-table-styles.ts` (not a Mantine component per cell) and memoized,
 * because a page draws 150 of them right after every search answer.
 */
export const MessageTableRow = memo(function MessageTableRow(
  { message, fields, showMessageRow, expanded, timezone, highlightTerms, cellColors, onToggle }:
    MessageTableRowProps,
) {
  const ranges = (
    field: string,
  ): readonly HighlightRange[] => (highlightTerms ? message.highlightRanges[field] ?? [] : []);
  const toggle = () => onToggle(message.id);
  const rowClass = `${css.row} ${css.clickable}`;
  const level = message.level?.tone;
  return (
    <>
      <tr
        className={rowClass}
        data-level={level}
        data-separated={showMessageRow ? undefined : ""}
        onClick={toggle}
        data-testid="message-row"
        aria-expanded={expanded}
      >
        {fields.map((field, column) => (
          <td key={field} className={css.cell} data-field={field} style={highlightStyle(cellColors[column])}>
            {field === "timestamp"
              ? <div className={css.timestamp}>{formatTimestamp(message.timestamp, timezone)}</div>
              : <div className={css.value}>{fieldValue(message.raw[field], ranges(field))}</div>}
          </td>
        ))}
      </tr>
      {showMessageRow && (
        <tr className={rowClass} data-level={level} data-separated="" onClick={toggle}>
          <td
            className={css.cell}
            colSpan={Math.max(1, fields.length)}
            data-message-cell=""
            style={highlightStyle(cellColors[fields.length])}
          >
            <div className={css.message} data-testid="message-text">
              {highlightedText(message.message, ranges("message"))}
            </div>
          </td>
        </tr>
      )}
    </>
  );
}, sameRow);

/**
 * A cell's value: the marked text, placed straight into the cell. Only an object can be a decorated link, so only
 * objects go through DecoratedValue: a component per cell of 150 rows is what a search answer pays for.
 */
function fieldValue(value: unknown, ranges: readonly HighlightRange[]): ReactNode {
  const text = highlightedText(fieldText(value), ranges);
  return typeof value === "object" && value !== null ? <DecoratedValue value={value}>{text}</DecoratedValue> : text;
}

/** Props compare as React's memo does, except the colours: a new array with the same colours is no change. */
function sameRow(before: MessageTableRowProps, after: MessageTableRowProps): boolean {
  return before.message === after.message &&
    before.fields === after.fields &&
    before.showMessageRow === after.showMessageRow &&
    before.expanded === after.expanded &&
    before.timezone === after.timezone &&
    before.highlightTerms === after.highlightTerms &&
    before.onToggle === after.onToggle &&
    before.cellColors.length === after.cellColors.length &&
    before.cellColors.every((color, i) => color === after.cellColors[i]);
}

/** A highlighted cell: the rule's colour behind text that stays readable on it, in light and dark mode. */
export function highlightStyle(background: string | null | undefined): CSSProperties | undefined {
  return background ? { backgroundColor: background, color: readableTextColor(background) } : undefined;
}
