import type { FavoritesList } from "../../api/schemas/favorites.ts";
import { apiQueryOptions } from "../api/api-query.ts";

export const favoriteKeys = {
  all: ["favorites"] as const,
};

/** GET /favorites: the signed-in user's favorite entities (first page). */
export const favoritesQueryOptions = () => apiQueryOptions<FavoritesList>(favoriteKeys.all, "/favorites?page=1&per_page=50");
