/**
 * Pagination rules of the shared paginated list (spec 000 §4, §5, §9), kept pure so pages that read page
 * and size from the URL validate them the same way.
 */

/** Page sizes of the shared paginated list; the first one is the default. */
export const PAGINATED_LIST_PAGE_SIZES: readonly number[] = [5, 10, 30];
export const DEFAULT_PAGINATED_LIST_PAGE_SIZE = 5;
export const DEFAULT_PAGE = 1;

/** Query state of a paginated list (spec 000 §3). */
export interface PaginationQueryState {
  page: number;
  perPage: number;
  query: string;
}

/** A page must be a positive integer (a number or a string of digits); anything else is page 1. */
export function normalizePage(value: unknown): number {
  const page = toInteger(value);
  return page !== undefined && page >= 1 ? page : DEFAULT_PAGE;
}

/** A page size must be one of the allowed sizes; anything else is the default. */
export function normalizePageSize(
  value: unknown,
  pageSizes: readonly number[] = PAGINATED_LIST_PAGE_SIZES,
  defaultPageSize: number = defaultPageSizeOf(pageSizes),
): number {
  const size = toInteger(value);
  return size !== undefined && pageSizes.includes(size) ? size : defaultPageSize;
}

/** The default size of a page-size list: the shared list's default 5 when offered, else the first size. */
export function defaultPageSizeOf(pageSizes: readonly number[]): number {
  return pageSizes.includes(DEFAULT_PAGINATED_LIST_PAGE_SIZE)
    ? DEFAULT_PAGINATED_LIST_PAGE_SIZE
    : pageSizes[0] ?? DEFAULT_PAGINATED_LIST_PAGE_SIZE;
}

export function totalPages(totalItems: number, perPage: number): number {
  if (totalItems <= 0 || perPage <= 0) return 0;
  return Math.ceil(totalItems / perPage);
}

/** A page above the total pages jumps to the last page (spec 000 §4). */
export function clampPage(page: number, pages: number): number {
  if (pages >= 1 && page > pages) return pages;
  return Math.max(page, DEFAULT_PAGE);
}

/** No pager when there are 1 or fewer pages (spec 000 §4). */
export function showsPager(pages: number): boolean {
  return pages > 1;
}

/** Changing the page size returns to page 1 (spec 000 §4). */
export function changePageSize<T extends { page: number; perPage: number }>(state: T, perPage: number): T {
  return { ...state, page: DEFAULT_PAGE, perPage };
}

/** A new query starts again from page 1. */
export function changeQuery<T extends { page: number; query: string }>(state: T, query: string): T {
  return { ...state, page: DEFAULT_PAGE, query };
}

function toInteger(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === "string" && /^\d+$/.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  }
  return undefined;
}
