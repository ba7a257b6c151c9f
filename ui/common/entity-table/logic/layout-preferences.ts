import type { EntityListPreferences } from "../../../../api/schemas/entity-list-preferences.ts";
import type { Sort } from "./column-definition.ts";

/**
 * Table layout preferences in their client form (spec 000 §3): the one place converting to and from the
 * server's snake_case form of GET/POST /entitylists/preferences/{entityTableId}.
 */
export interface TableLayoutPreferences {
  displayedAttributes?: string[];
  sort?: Sort;
  perPage?: number;
}

/** The effective layout of a table: preferences where stored, page defaults otherwise. */
export interface TableLayout {
  displayedAttributes: string[];
  sort: Sort | undefined;
  perPage: number;
}

export function preferencesFromServer(
  server: EntityListPreferences | null | undefined,
): TableLayoutPreferences {
  const result: TableLayoutPreferences = {};
  if (!server) return result;
  if (server.displayed_attributes) result.displayedAttributes = [...server.displayed_attributes];
  if (server.sort) result.sort = { attributeId: server.sort.field, direction: server.sort.order };
  if (server.per_page !== undefined) result.perPage = server.per_page;
  return result;
}

/** The POST payload; sort is omitted when there is none (spec 000 §7.4). */
export function preferencesToServer(client: TableLayoutPreferences): EntityListPreferences {
  const result: EntityListPreferences = {};
  if (client.displayedAttributes) result.displayed_attributes = [...client.displayedAttributes];
  if (client.sort) result.sort = { field: client.sort.attributeId, order: client.sort.direction };
  if (client.perPage !== undefined) result.per_page = client.perPage;
  return result;
}

/** Applies a partial change to stored preferences; a key given as undefined removes that preference. */
export function mergePreferences(
  current: TableLayoutPreferences,
  change: TableLayoutPreferences,
): TableLayoutPreferences {
  const merged: TableLayoutPreferences = { ...current, ...change };
  for (const key of Object.keys(merged) as (keyof TableLayoutPreferences)[]) {
    if (merged[key] === undefined) delete merged[key];
  }
  return merged;
}

/** Stored preferences over page defaults; a stored page size not offered by the table falls back to the default. */
export function layoutWithDefaults(
  preferences: TableLayoutPreferences | undefined,
  defaults: TableLayout,
  pageSizes?: readonly number[],
): TableLayout {
  const perPage = preferences?.perPage;
  return {
    displayedAttributes: preferences?.displayedAttributes ?? defaults.displayedAttributes,
    sort: preferences?.sort ?? defaults.sort,
    perPage: perPage !== undefined && (!pageSizes || pageSizes.includes(perPage))
      ? perPage
      : defaults.perPage,
  };
}
