/**
 * The 'Copy to Dashboard' picker's pages (spec 001 §2, §9): the dashboard the widget or page comes from is left
 * out before paging, so every page but the last is full and the page count counts only the dashboards offered.
 */

/** The picker reads every matching dashboard at once (the API's largest page) and pages over them itself. */
export const PICKER_FETCH_SIZE = 1000;

export interface PickerPage<T> {
  rows: T[];
  /** The dashboards offered: the matching ones but the excluded one. */
  total: number;
  /** At least one, as the pagination shows one page of nothing. */
  pages: number;
}

/** Page `page` (from 1) of `perPage` rows of `dashboards` (in their order) without `excludeId`. */
export function pickerPage<T extends { id: string }>(
  dashboards: readonly T[],
  excludeId: string | null,
  page: number,
  perPage: number,
): PickerPage<T> {
  const offered = dashboards.filter((dashboard) => dashboard.id !== excludeId);
  return {
    rows: offered.slice((page - 1) * perPage, page * perPage),
    total: offered.length,
    pages: Math.max(1, Math.ceil(offered.length / perPage)),
  };
}
