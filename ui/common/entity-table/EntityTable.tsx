import { ActionIcon, Box, Checkbox, Group, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { Fragment, type ReactNode, useState } from "react";
import { usePermissions } from "../../session/current-user.tsx";
import { DelayedLoader, LOADING_INDICATOR_DELAY_MS } from "../DelayedLoader.tsx";
import { NO_ENTITIES_EXIST } from "../empty-states.ts";
import { PaginatedList } from "../paginated-list/PaginatedList.tsx";
import { BulkActionsDropdown } from "./BulkActionsDropdown.tsx";
import { ColumnsChooser } from "./ColumnsChooser.tsx";
import type { ColumnDefinition, ColumnType, EntityBase, Sort } from "./logic/column-definition.ts";
import { accessibleColumns, displayedColumns } from "./logic/column-visibility.ts";
import { BULK_SELECT_COLUMN_OUTER_WIDTH_PX, CELL_PADDING_PX, columnWidths } from "./logic/column-widths.ts";
import {
  type ExpandedSections,
  isSectionExpanded,
  toggleExpandedSection,
} from "./logic/expanded-sections.ts";
import { headerCheckboxState, toggleAllVisible, toggleSelection } from "./logic/selection.ts";
import { nextSort } from "./logic/sort.ts";

interface Props<Entity extends EntityBase> {
  entities: readonly Entity[];
  columnDefinitions: readonly ColumnDefinition[];
  /** Displayed attribute ids, in display order (from the persisted layout). */
  visibleColumns: readonly string[];
  /** Enables the column chooser. */
  onColumnsChange?(displayedAttributes: string[]): void;
  activeSort?: Sort;
  /** Makes sortable column headers clickable. */
  onSortChange?(sort: Sort): void;
  /** Per-attribute cell (and optional header) renderers; others render by column type. */
  columnRenderers?: Partial<Record<string, ColumnRenderer<Entity>>>;
  /** Row actions in the last column. */
  rowActions?(entity: Entity, row: RowContext): ReactNode;
  /** Width of the actions column in px (default 160 when there are row actions). */
  actionsColumnWidth?: number;
  /** Bulk action menu items for the selected ids; enables row selection. */
  bulkActions?(selectedIds: string[], cancelSelection: () => void): ReactNode;
  /** Expandable sections below a row, by name; toggled per entity through RowContext. */
  expandedSectionRenderers?: Record<string, ExpandedSectionRenderer<Entity>>;
  /** Shows a pager and page size select below the table. */
  pagination?: TablePagination;
  /** Shows a loading indicator after 500 ms. */
  loading?: boolean;
  /** Text when there are no entities (default 'No entities exist.'). */
  emptyText?: string;
  /** Extra controls in the toolbar (search box, create button). */
  toolbar?: ReactNode;
  /** The table's accessible name. */
  label?: string;
  /** Names a row for its selection checkbox ('Select {name}'); default 'Select entity'. */
  rowName?(entity: Entity): string;
  /** Rows that may not be selected show a disabled checkbox and are left out of 'select all'. */
  isSelectable?(entity: Entity): boolean;
  /** The header checkbox's accessible name (default 'Select all visible entities'). */
  selectAllLabel?: string;
  /** Makes the selection the caller's (e.g. to keep failed ids selected after a bulk action). */
  selection?: { selectedIds: readonly string[]; onChange(selectedIds: string[]): void };
  /** A data-testid on every entity row. */
  rowTestId?: string;
}

export interface ColumnRenderer<Entity> {
  renderCell?(value: unknown, entity: Entity, row: RowContext): ReactNode;
  renderHeader?(column: ColumnDefinition): ReactNode;
}

export interface ExpandedSectionRenderer<Entity> {
  title: string;
  content(entity: Entity): ReactNode;
}

/** What a cell renderer or row action may do with its row. */
export interface RowContext {
  isSectionExpanded(section: string): boolean;
  toggleSection(section: string): void;
}

export interface TablePagination {
  page: number;
  perPage: number;
  total: number;
  pageSizes: readonly number[];
  onChange(page: number, perPage: number): void;
}

const DEFAULT_ACTIONS_WIDTH_PX = 160;

/**
 * The shared entity table of admin pages (spec 000 §4, §6, §9): permitted columns in the user's order,
 * sortable headers, row selection with bulk actions, expandable row sections, delayed loading indicator.
 */
export function EntityTable<Entity extends EntityBase>({
  entities,
  columnDefinitions,
  visibleColumns,
  onColumnsChange,
  activeSort,
  onSortChange,
  columnRenderers = {},
  rowActions,
  actionsColumnWidth,
  bulkActions,
  expandedSectionRenderers = {},
  pagination,
  loading = false,
  emptyText = NO_ENTITIES_EXIST,
  toolbar,
  label,
  rowName,
  isSelectable = () => true,
  selectAllLabel = "Select all visible entities",
  selection,
  rowTestId,
}: Props<Entity>) {
  const permissions = usePermissions();
  const [ownSelectedIds, setOwnSelectedIds] = useState<string[]>([]);
  const selectedIds = selection ? [...selection.selectedIds] : ownSelectedIds;
  const setSelectedIds = (change: (selected: string[]) => string[]) => {
    const next = change(selectedIds);
    if (selection) selection.onChange(next);
    else setOwnSelectedIds(next);
  };
  const [expanded, setExpanded] = useState<ExpandedSections>({});
  const { ref, width } = useElementSize();

  const accessible = accessibleColumns(columnDefinitions, permissions);
  const columns = displayedColumns(columnDefinitions, visibleColumns, permissions);
  const selectable = bulkActions !== undefined;
  const actionsWidth = rowActions ? actionsColumnWidth ?? DEFAULT_ACTIONS_WIDTH_PX : 0;
  const widths = columnWidths(columns, { tableWidth: width, bulkSelection: selectable, actionsWidth });
  const visibleIds = entities.filter((entity) => isSelectable(entity)).map((entity) => entity.id);
  const headerState = headerCheckboxState(selectedIds, visibleIds);
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const cancelSelection = () => setSelectedIds(() => []);

  const rowContext = (entityId: string): RowContext => ({
    isSectionExpanded: (section) => isSectionExpanded(expanded, entityId, section),
    toggleSection: (section) => setExpanded((state) => toggleExpandedSection(state, entityId, section)),
  });

  const table = (
    <Box ref={ref}>
      <Table.ScrollContainer
        minWidth={Object.values(widths).reduce((sum, w) => sum + w, 0) + actionsWidth +
          (selectable ? BULK_SELECT_COLUMN_OUTER_WIDTH_PX : 0)}
      >
        <Table
          aria-label={label}
          layout="fixed"
          horizontalSpacing={CELL_PADDING_PX}
          verticalSpacing={CELL_PADDING_PX}
          highlightOnHover
        >
          <colgroup>
            {selectable && <col style={{ width: BULK_SELECT_COLUMN_OUTER_WIDTH_PX }} />}
            {columns.map((column) => <col key={column.id} style={{ width: widths[column.id] }} />)}
            {rowActions && <col style={{ width: actionsWidth }} />}
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th>
                  <Checkbox
                    size="xs"
                    aria-label={selectAllLabel}
                    checked={headerState === "checked"}
                    indeterminate={headerState === "indeterminate"}
                    disabled={visibleIds.length === 0}
                    onChange={() => setSelectedIds((selected) => toggleAllVisible(selected, visibleIds))}
                  />
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th key={column.id} aria-sort={ariaSort(activeSort, column.id)}>
                  <ColumnHeader
                    column={column}
                    activeSort={activeSort}
                    onSortChange={onSortChange}
                    renderHeader={columnRenderers[column.id]?.renderHeader}
                  />
                </Table.Th>
              ))}
              {rowActions && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entities.map((entity) => {
              const row = rowContext(entity.id);
              const openSections = Object.entries(expandedSectionRenderers)
                .filter(([name]) => row.isSectionExpanded(name));
              return (
                <Fragment key={entity.id}>
                  <Table.Tr data-testid={rowTestId}>
                    {selectable && (
                      <Table.Td>
                        <Checkbox
                          size="xs"
                          aria-label={rowName ? `Select ${rowName(entity)}` : "Select entity"}
                          disabled={!isSelectable(entity)}
                          checked={selectedIds.includes(entity.id)}
                          onChange={() => setSelectedIds((selected) => toggleSelection(selected, entity.id))}
                        />
                      </Table.Td>
                    )}
                    {columns.map((column) => {
                      const value = (entity as unknown as Record<string, unknown>)[column.id];
                      const renderCell = columnRenderers[column.id]?.renderCell;
                      return (
                        <Table.Td key={column.id} style={{ overflowWrap: "anywhere" }}>
                          {renderCell
                            ? renderCell(value, entity, row)
                            : renderByType(column.type ?? "STRING", value)}
                        </Table.Td>
                      );
                    })}
                    {rowActions && (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">{rowActions(entity, row)}</Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                  {openSections.map(([name, section]) => (
                    <Table.Tr key={name}>
                      <Table.Td colSpan={columnCount}>
                        <Stack gap={4}>
                          <Text fw={600} size="sm">{section.title}</Text>
                          {section.content(entity)}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );

  const hasToolbar = selectable || onColumnsChange || toolbar;
  return (
    <Stack gap="xs">
      {hasToolbar && (
        <Group justify="space-between">
          <Group gap="xs">
            {toolbar}
            {selectable && (
              <BulkActionsDropdown selectedIds={selectedIds} onCancelSelection={cancelSelection}>
                {bulkActions(selectedIds, cancelSelection)}
              </BulkActionsDropdown>
            )}
            {selectable && selectedIds.length > 0 && (
              <Text size="sm" c="dimmed">{selectedIds.length} selected</Text>
            )}
          </Group>
          {onColumnsChange && (
            <ColumnsChooser
              columns={accessible}
              displayedAttributes={visibleColumns}
              onChange={onColumnsChange}
            />
          )}
        </Group>
      )}
      {loading && <DelayedLoader delay={LOADING_INDICATOR_DELAY_MS} />}
      {!loading && entities.length === 0 ? <Text c="dimmed">{emptyText}</Text> : pagination
        ? (
          <PaginatedList
            totalItems={pagination.total}
            page={pagination.page}
            perPage={pagination.perPage}
            pageSizes={pagination.pageSizes}
            onChange={pagination.onChange}
            showPageSizeSelect={pagination.pageSizes.length > 1}
          >
            {table}
          </PaginatedList>
        )
        : table}
    </Stack>
  );
}

interface ColumnHeaderProps {
  column: ColumnDefinition;
  activeSort: Sort | undefined;
  onSortChange: ((sort: Sort) => void) | undefined;
  renderHeader: ((column: ColumnDefinition) => ReactNode) | undefined;
}

function ColumnHeader({ column, activeSort, onSortChange, renderHeader }: ColumnHeaderProps) {
  const title = renderHeader ? renderHeader(column) : column.title;
  if (!column.sortable || !onSortChange) return <>{title}</>;
  const direction = activeSort?.attributeId === column.id ? activeSort.direction : undefined;
  const Icon = direction === "asc"
    ? IconSortAscending
    : direction === "desc"
    ? IconSortDescending
    : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onSortChange(nextSort(activeSort, column.id))}
      title={`Sort by ${column.title}`}
      fw={700}
      fz="sm"
    >
      <Group gap={4} wrap="nowrap">
        <span>{title}</span>
        <ActionIcon component="span" variant="transparent" size="xs" color={direction ? undefined : "gray"}>
          <Icon size={14} />
        </ActionIcon>
      </Group>
    </UnstyledButton>
  );
}

function ariaSort(sort: Sort | undefined, columnId: string): "ascending" | "descending" | undefined {
  if (sort?.attributeId !== columnId) return undefined;
  return sort.direction === "asc" ? "ascending" : "descending";
}

/** Default cell rendering per column type; dates show in UTC (spec 000 §9, default zone UTC). */
const CELL_BY_TYPE: Record<ColumnType, (value: unknown) => ReactNode> = {
  STRING: (value) => (value === undefined || value === null ? "" : String(value)),
  OBJECT_ID: (value) => (value === undefined || value === null ? "" : String(value)),
  NUMBER: (
    value,
  ) => (typeof value === "number" ? value.toLocaleString("en-US") : value == null ? "" : String(value)),
  BOOLEAN: (value) => (value === true ? "yes" : value === false ? "no" : ""),
  DATE: (value) => {
    if (typeof value !== "string" && typeof value !== "number") return "";
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return String(value);
    const iso = date.toISOString();
    return <time dateTime={iso}>{iso.slice(0, 19).replace("T", " ")}</time>;
  },
};

function renderByType(type: ColumnType, value: unknown): ReactNode {
  return CELL_BY_TYPE[type](value);
}
