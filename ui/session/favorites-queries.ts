import { resourceQueryKey, resourceQueryOptions } from "../api/resource-query.ts";

export const favoriteKeys = {
  /** Every page of the favorites. */
  all: resourceQueryKey("/favorites"),
};

/** GET /favorites: the signed-in user's favorite entities (first page). */
export const favoritesQueryOptions = () => resourceQueryOptions("/favorites", { query: { page: 1, per_page: 50 } });
