import { FILTER_MATCHES_NOTHING, NO_ENTITIES_EXIST } from "../../empty-states.ts";

/**
 * What an empty entity list says (spec 000 §8): the area's "none yet" text while nothing is searched, and
 * 'Filter does not match any data.' once the search box holds a query.
 */
export function entityListEmptyText(query: string, noEntitiesText: string = NO_ENTITIES_EXIST): string {
  return query.trim() === "" ? noEntitiesText : FILTER_MATCHES_NOTHING;
}
