import { Box, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { type CSSProperties, type MouseEvent, useMemo, useRef, useState } from "react";
import { NO_DATA_AVAILABLE } from "../../common/empty-states.ts";
import type { VisualizationProps } from "../visualization-props.ts";
import { ValueActionMenu, type ValueTarget } from "../common/ValueActionMenu.tsx";
import { formatValue } from "../logic/format-value.ts";
import { HUMAN_SEPARATOR } from "../logic/series-names.ts";
import { cellPath, pivotToTableData, type TableColumn, type TableRow } from "../logic/table-data.ts";
import { nextTableSort, sortTableRows, type TableSort } from "../logic/table-sort.ts";

type Props = VisualizationProps<"table">;

/** Pinned columns keep this width so each knows where the previous one ends. */
const PINNED_WIDTH = 160;

/**
 * 'Data Table': a column per row grouping field (pinned ones stay at the left edge while scrolling), the
 * rollup metrics, and a metric column per column grouping value under a header row of those values. A header
 * click cycles its sort (ascending, descending, none); a cell click opens its value actions.
 */
export function DataTableVisualization(
  { config, data, visualizationConfig, width, height, onValueAction }: Props,
) {
  const table = useMemo(
    () => pivotToTableData(data, config, visualizationConfig.pinned_columns),
    [data, config, visualizationConfig.pinned_columns],
  );
  const [sort, setSort] = useState<TableSort | null>(null);
  const [menu, setMenu] = useState<ValueTarget | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => sortTableRows(table.rows, sort), [table.rows, sort]);
  if (table.columns.length === 0 || table.rows.length === 0) {
    return <Text c="dimmed" size="sm" p="xs" data-testid="visualization-empty">{NO_DATA_AVAILABLE}</Text>;
  }
  const pinnedIndex = new Map(
    table.columns.filter((column) => column.pinned).map((column, index) => [column.id, index]),
  );
  const stickyStyle = (column: TableColumn, header: boolean): CSSProperties | undefined => {
    const index = pinnedIndex.get(column.id);
    if (index === undefined) return undefined;
    return {
      position: "sticky",
      left: index * PINNED_WIDTH,
      width: PINNED_WIDTH,
      minWidth: PINNED_WIDTH,
      maxWidth: PINNED_WIDTH,
      zIndex: header ? 3 : 1,
      background: "var(--mantine-color-body)",
    };
  };
  const openMenu = (event: MouseEvent, row: TableRow, column: TableColumn) => {
    if (!onValueAction || !box.current) return;
    const bounds = box.current.getBoundingClientRect();
    const value = row.cells[column.id];
    setMenu({
      x: event.clientX - bounds.left,
      y: event.clientY - bounds.top,
      title: column.kind === "row-field" ? `${column.title}: ${formatValue(value)}` : columnTitle(column),
      path: cellPath(row, column, config),
    });
  };

  return (
    <Box ref={box} pos="relative" w={width} h={height} data-testid="data-table-visualization">
      <Box w={width} h={height} style={{ overflow: "auto" }}>
        <Table
          striped
          highlightOnHover
          withColumnBorders
          stickyHeader
          fz="xs"
          verticalSpacing={4}
          horizontalSpacing="xs"
        >
          <Table.Thead>
            {table.columnGroups.length > 0 && (
              <Table.Tr>
                {table.columnGroups.map((group, index) => (
                  <Table.Th key={index} colSpan={group.span} ta="center" data-testid="column-group-header">
                    {group.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            )}
            <Table.Tr>
              {table.columns.map((column) => (
                <Table.Th
                  key={column.id}
                  style={stickyStyle(column, true)}
                  aria-sort={sort?.columnId === column.id
                    ? (sort.direction === "Ascending" ? "ascending" : "descending")
                    : "none"}
                >
                  <UnstyledButton
                    onClick={() => setSort((current) => nextTableSort(current, column.id))}
                    style={{
                      display: "flex",
                      alignItems: "center",
                      gap: 4,
                      fontWeight: 600,
                      fontSize: "inherit",
                    }}
                    data-testid="column-header"
                  >
                    <span>{column.title}</span>
                    <SortIcon direction={sort?.columnId === column.id ? sort.direction : null} />
                  </UnstyledButton>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {table.columns.map((column) => {
                  const value = row.cells[column.id] ?? null;
                  return (
                    <Table.Td
                      key={column.id}
                      style={{ ...stickyStyle(column, false), cursor: onValueAction ? "pointer" : undefined }}
                      ta={column.kind === "row-field" ? undefined : "right"}
                      onClick={(event) => openMenu(event, row, column)}
                      data-testid="table-cell"
                    >
                      {formatValue(value)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {onValueAction && (
        <ValueActionMenu
          target={menu}
          onClose={() => setMenu(null)}
          onValueAction={onValueAction}
        />
      )}
    </Box>
  );
}

function SortIcon({ direction }: { direction: TableSort["direction"] | null }) {
  if (direction === "Ascending") return <IconArrowUp size={12} aria-label="sorted ascending" />;
  if (direction === "Descending") return <IconArrowDown size={12} aria-label="sorted descending" />;
  return <IconArrowsSort size={12} opacity={0.4} aria-hidden />;
}

function columnTitle(column: TableColumn): string {
  return [...column.columnKeys, column.title].join(HUMAN_SEPARATOR);
}
