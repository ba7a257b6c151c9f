import { LEVEL_COLORS, type LevelTone } from "./logic/levels.ts";

/**
 * The message table's row and cell styles as one small stylesheet: 150 rows drawn as plain `tr`/`td`/`div`
 * with these classes cost a fraction of a Mantine `Table.Td` + `Text` per cell (each resolves theme, props and
 * style variables on every render). The values copy what Mantine's Table and Text gave those cells, through
 * Mantine's CSS variables, so the look in light and dark stays the same.
 *
 * It is rendered as a `<style>` element by the table itself rather than imported as a .css file: the server
 * renders the same module and cannot import CSS (ARCHITECTURE.md, known traps).
 */
export const MESSAGE_TABLE_CLASSES = {
  /** Any body row: the level stripe on the left and the table's hover colour. */
  row: "sluice-mt-row",
  /** A row that expands or collapses its message on click. */
  clickable: "sluice-mt-clickable",
  /** Padding of Mantine's table cells (the Table sets the spacing variables). */
  cell: "sluice-mt-cell",
  /** A field value: one line, cut with an ellipsis. */
  value: "sluice-mt-value",
  /** The timestamp column: monospace, never wrapped. */
  timestamp: "sluice-mt-timestamp",
  /** The message row's text: monospace, wrapped, at most four lines. */
  message: "sluice-mt-message",
} as const;

const c = MESSAGE_TABLE_CLASSES;

/** One border colour per level tone, by the row's `data-level` attribute (no inline style per row). */
const levelRules = (Object.entries(LEVEL_COLORS) as [LevelTone, string][])
  .map(([tone, color]) =>
    `.${c.row}[data-level="${tone}"]{border-left-color:var(--mantine-color-${color}-filled)}`
  )
  .join("\n");

export const MESSAGE_TABLE_CSS = `
.${c.row}{border-left:3px solid transparent;background-color:transparent}
.${c.row}[data-separated]{border-bottom:1px solid var(--mantine-color-default-border)}
@media (hover:hover){.${c.row}:hover{background-color:var(--table-highlight-on-hover-color,var(--table-hover-color))}}
@media (hover:none){.${c.row}:active{background-color:var(--table-highlight-on-hover-color,var(--table-hover-color))}}
.${c.clickable}{cursor:pointer}
.${c.cell}{padding:var(--table-vertical-spacing) var(--table-horizontal-spacing,var(--mantine-spacing-xs))}
.${c.cell}[data-field]{vertical-align:top}
.${c.cell}[data-message-cell]{padding-top:0}
.${c.value},.${c.timestamp},.${c.message}{margin:0;font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm);font-weight:var(--mantine-font-weight-regular);text-wrap:var(--mantine-text-wrap)}
.${c.value}{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.${c.timestamp}{font-family:var(--mantine-font-family-monospace);white-space:nowrap}
.${c.message}{font-family:var(--mantine-font-family-monospace);white-space:pre-wrap;word-break:break-word;overflow:hidden;text-overflow:ellipsis;display:-webkit-box;-webkit-line-clamp:4;-webkit-box-orient:vertical}
${levelRules}
`;
