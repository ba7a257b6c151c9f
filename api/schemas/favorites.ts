import { z } from "@hono/zod-openapi";

export const PaginationSchema = z
  .object({ total: z.number().int(), count: z.number().int(), page: z.number().int(), per_page: z.number().int() })
  .openapi("Pagination");

export const FavoriteSchema = z.object({ grn: z.string(), title: z.string(), type: z.string() }).openapi("Favorite");

export const FavoritesListSchema = z
  .object({ favorites: z.array(FavoriteSchema), pagination: PaginationSchema, total: z.number().int() })
  .openapi("FavoritesList");

export type Favorite = z.infer<typeof FavoriteSchema>;
export type FavoritesList = z.infer<typeof FavoritesListSchema>;
