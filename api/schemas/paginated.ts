import { z } from "@hono/zod-openapi";
import { PaginationSchema } from "./favorites.ts";

/**
 * Graylog's paginated entity lists, for every administration area: the query parameters (page, per_page,
 * query, a whitelisted sort and its order), the request the backend gets and the page it answers.
 */

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What a backend's `page()` is asked: search in Graylog's entity search syntax, sort, 1-based page. */
export interface PageRequest<SortField extends string> {
  query: string;
  page: number;
  perPage: number;
  sort: SortField;
  order: SortOrder;
}

/** One page of entities and how many match in all. */
export interface EntityPage<Entity> {
  elements: Entity[];
  total: number;
}

/** Graylog's paginated lists default to 50 per page (spec 002 §9). */
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 1000;

export interface PageQueryOptions<SortField extends string> {
  sortFields: readonly [SortField, ...SortField[]];
  defaultSort: SortField;
  defaultOrder?: SortOrder;
  defaultPerPage?: number;
}

/** The query parameters of a paginated list; each bad value is a 400 naming the parameter. */
export function pageQuerySchema<SortField extends string>(
  { sortFields, defaultSort, defaultOrder = "asc", defaultPerPage = DEFAULT_PER_PAGE }: PageQueryOptions<SortField>,
) {
  return z.object({
    page: z.coerce.number({ message: "page must be a positive integer" }).int("page must be a positive integer")
      .min(1, "page must be a positive integer").default(1),
    per_page: z.coerce.number({ message: `per_page must be an integer from 1 to ${MAX_PER_PAGE}` })
      .int(`per_page must be an integer from 1 to ${MAX_PER_PAGE}`)
      .min(1, `per_page must be an integer from 1 to ${MAX_PER_PAGE}`)
      .max(MAX_PER_PAGE, `per_page must be an integer from 1 to ${MAX_PER_PAGE}`)
      .default(defaultPerPage),
    query: z.string().max(1000, "query must be at most 1000 characters").default(""),
    sort: z.enum(sortFields as unknown as [SortField, ...SortField[]], { message: `sort must be one of ${sortFields.join(", ")}` })
      .default(defaultSort),
    order: z.enum(SORT_ORDERS, { message: "order must be asc or desc" }).default(defaultOrder),
  });
}

/** The validated query parameters as the backend's page request. */
export function toPageRequest<SortField extends string>(
  { page, per_page, query, sort, order }: { page: number; per_page: number; query: string; sort: SortField; order: SortOrder },
): PageRequest<SortField> {
  return { page, perPage: per_page, query, sort, order };
}

/** A column of an entity list as Graylog describes it beside the elements (`attributes`). */
export const EntityAttributeSchema = z
  .object({ id: z.string(), title: z.string(), type: z.string().optional(), sortable: z.boolean(), searchable: z.boolean() })
  .openapi("EntityAttribute");
export type EntityAttribute = z.infer<typeof EntityAttributeSchema>;

/**
 * Graylog's paginated answer: the entities under the list's key (`elements` for entity lists, `patterns` for
 * grok, …), `pagination` {total, count, page, per_page}, the same four at the top level (Graylog 5.1's
 * `PaginatedResponse` writes them there), the `query` and the list's `attributes`.
 */
export function paginatedListSchema<ListKey extends string, Element extends z.ZodType>(listKey: ListKey, element: Element) {
  return z.object({
    total: z.number().int(),
    count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    pagination: PaginationSchema,
    query: z.string(),
    attributes: z.array(EntityAttributeSchema),
  }).extend({ [listKey]: z.array(element) } as { [K in ListKey]: z.ZodArray<Element> });
}

/** Builds the paginated answer of `paginatedListSchema` from a backend's page. */
export function paginatedAnswer<ListKey extends string, Entity>(
  listKey: ListKey,
  { elements, total }: EntityPage<Entity>,
  request: PageRequest<string>,
  attributes: readonly EntityAttribute[],
) {
  const pagination = { total, count: elements.length, page: request.page, per_page: request.perPage };
  return {
    ...pagination,
    pagination,
    query: request.query,
    attributes: [...attributes],
    [listKey]: elements,
  } as typeof pagination & { pagination: typeof pagination; query: string; attributes: EntityAttribute[] } & {
    [K in ListKey]: Entity[];
  };
}

/**
 * The backend refused an entity for a reason its user can fix (a duplicate name, a pattern that does not
 * compile). The API answers 400 with the message as it is.
 */
export class EntityValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EntityValidationError";
  }
}
