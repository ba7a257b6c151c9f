import {
  type EntityAttribute,
  type EntityPage,
  type PageRequest,
  paginatedAnswer,
  type SortOrder,
  toPageRequest,
} from "../schemas/paginated.ts";

/**
 * The handler body of a paged-list call (`GET /x/paginated`, Graylog's entity lists): the validated page query as
 * the store's page request, the store's page, and Graylog's paginated answer under the list's key with the list's
 * attributes. A route that adds to the answer (a `context`, the sort) spreads it.
 */
export async function pagedList<ListKey extends string, SortField extends string, Entity>(
  query: { page: number; per_page: number; query: string; sort: SortField; order: SortOrder },
  listKey: ListKey,
  attributes: readonly EntityAttribute[],
  load: (request: PageRequest<SortField>) => Promise<EntityPage<Entity>>,
) {
  const request = toPageRequest(query);
  return paginatedAnswer(listKey, await load(request), request, attributes);
}
