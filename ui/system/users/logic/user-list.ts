import type { ColumnDefinition, Sort } from "../../../common/entity-table/logic/column-definition.ts";
import type { TableLayout } from "../../../common/entity-table/logic/layout-preferences.ts";
import type { UserSortField } from "../../../../api/schemas/user.ts";
import { BUILT_IN_ADMIN_USERNAME } from "../../../../shared/built-in-users.ts";

/** The user list (System → Users and Teams): columns, layout defaults, page parameters, texts of its outcomes. */

export const USERS_TABLE_ID = "users";

export const USER_COLUMNS: readonly ColumnDefinition[] = [
  { id: "full_name", title: "Full name", type: "STRING", sortable: true },
  { id: "username", title: "Username", type: "STRING", sortable: true },
  { id: "email", title: "E-Mail Address", type: "STRING", sortable: true },
  { id: "client_address", title: "Client Address", type: "STRING" },
  { id: "last_activity", title: "Last activity", type: "DATE", sortable: true },
  { id: "roles", title: "Roles", type: "STRING" },
  { id: "account_status", title: "Status", type: "STRING" },
];

export const USER_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

/** Spec 002 §9: paginated users show 50 per page, sorted by full name ascending. */
export const USER_LAYOUT_DEFAULTS: TableLayout = {
  displayedAttributes: ["full_name", "username", "email", "client_address", "last_activity", "roles", "account_status"],
  sort: { attributeId: "full_name", direction: "asc" },
  perPage: 50,
};

export interface UserPageParams {
  query: string;
  page: number;
  perPage: number;
  sort: Sort;
}

const SORTABLE: Record<string, UserSortField> = { full_name: "full_name", username: "username", email: "email", last_activity: "last_activity" };

/** GET /users/paginated query parameters (an unsortable column falls back to the full name). */
export function userPageQuery({ query, page, perPage, sort }: UserPageParams) {
  return { query, page, per_page: perPage, sort: SORTABLE[sort.attributeId] ?? "full_name", order: sort.direction };
}

/** The built-in administrator cannot be deleted or disabled; nobody deletes or disables themselves. */
export function mayRemove(username: string, currentUsername: string): boolean {
  return username !== BUILT_IN_ADMIN_USERNAME && username !== currentUsername;
}

export const deleteQuestion = (username: string) => `Do you really want to delete user ${username}?`;
export const deletedText = (username: string) => `User "${username}" was deleted.`;
export const createdText = (username: string) => `User "${username}" was created.`;
export const updatedText = (username: string) => `User "${username}" was updated.`;
export const statusText = (username: string, status: "enabled" | "disabled") => `User "${username}" was ${status === "enabled" ? "enabled" : "disabled"}.`;
