import type { ColumnDefinition, Sort } from "../../../common/entity-table/logic/column-definition.ts";
import type { TableLayout } from "../../../common/entity-table/logic/layout-preferences.ts";
import type { TeamSortField } from "../../../../api/schemas/teams.ts";

/** The teams list (System → Users and Teams → Teams Overview): columns, layout defaults, page parameters, texts. */

export const TEAMS_TABLE_ID = "teams";

export const TEAM_COLUMNS: readonly ColumnDefinition[] = [
  { id: "name", title: "Name", type: "STRING", sortable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true },
  { id: "users", title: "Members", type: "STRING" },
  { id: "roles", title: "Roles", type: "STRING" },
];

export const TEAM_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export const TEAM_LAYOUT_DEFAULTS: TableLayout = {
  displayedAttributes: ["name", "description", "users", "roles"],
  sort: { attributeId: "name", direction: "asc" },
  perPage: 50,
};

export interface TeamPageParams {
  query: string;
  page: number;
  perPage: number;
  sort: Sort;
}

const SORTABLE: Record<string, TeamSortField> = { name: "name", description: "description" };

/** GET …/teams query parameters (an unsortable column falls back to the name). */
export function teamPageQuery({ query, page, perPage, sort }: TeamPageParams) {
  return { query, page, per_page: perPage, sort: SORTABLE[sort.attributeId] ?? "name", order: sort.direction };
}

export const NO_TEAMS = "No teams have been created yet.";
export const savedText = (name: string) => `Team ${name} was saved.`;
export const deletedText = (name: string) => `Team ${name} was deleted.`;
export const deleteQuestion = (name: string) =>
  `Do you really want to delete team ${name}? What was shared with it is no longer shared with its members.`;
export const memberAddedText = (member: string, team: string) => `${member} was added to team ${team}.`;
export const memberRemovedText = (member: string, team: string) => `${member} was removed from team ${team}.`;

/** 'Full Name (username)', how a user is offered as a member. */
export const memberLabel = (user: { full_name: string; username: string }) => `${user.full_name || user.username} (${user.username})`;
