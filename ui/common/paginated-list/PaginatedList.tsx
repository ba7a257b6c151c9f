import { Group, Pagination, Stack } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import {
  clampPage,
  defaultPageSizeOf,
  normalizePage,
  normalizePageSize,
  PAGINATED_LIST_PAGE_SIZES,
  showsPager,
  totalPages,
} from "./logic/pagination.ts";
import { PageSizeSelect } from "./PageSizeSelect.tsx";

interface Props {
  totalItems: number;
  /** Current page (1-based); invalid values count as page 1. */
  page: number;
  /** Current page size; values not in `pageSizes` count as the default. */
  perPage: number;
  /** Defaults to 5, 10, 30 (spec 000 §9). */
  pageSizes?: readonly number[];
  showPageSizeSelect?: boolean;
  /** Called with the new page and size; a size change always goes back to page 1. */
  onChange(page: number, perPage: number): void;
  children: ReactNode;
}

/**
 * Wraps a list with a pager and a page-size select (spec 000 §4): no pager with 1 or fewer pages, and a
 * page above the total pages moves to the last page.
 */
export function PaginatedList({
  totalItems,
  page,
  perPage,
  pageSizes = PAGINATED_LIST_PAGE_SIZES,
  showPageSizeSelect = true,
  onChange,
  children,
}: Props) {
  const size = normalizePageSize(perPage, pageSizes, defaultPageSizeOf(pageSizes));
  const pages = totalPages(totalItems, size);
  const current = normalizePage(page);
  const clamped = clampPage(current, pages);

  useEffect(() => {
    if (clamped !== current) onChange(clamped, size);
  }, [clamped, current, size, onChange]);

  return (
    <Stack gap="sm">
      {children}
      {(showsPager(pages) || showPageSizeSelect) && (
        <Group justify="space-between">
          {showsPager(pages)
            ? <Pagination size="sm" total={pages} value={clamped} onChange={(next) => onChange(next, size)} />
            : <span />}
          {showPageSizeSelect && (
            <PageSizeSelect
              pageSizes={pageSizes}
              pageSize={size}
              onChange={(next) => onChange(1, next)}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
