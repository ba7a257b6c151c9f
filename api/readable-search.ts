import type { Context } from "hono";
import { isPermitted } from "../shared/permissions.ts";
import type { Search } from "./schemas/search.ts";
import type { User } from "./schemas/user.ts";
import { maySeeSearchThroughViews } from "./view-access.ts";

/** Searches are their owner's; administrators (`*`) may use every search. */
export function mayUseSearch(search: Search, user: User): boolean {
  return search.owner === user.username || isPermitted(user.permissions, "*");
}

/** A stored search the caller may read (their own, or one backing a view they may read); null otherwise. */
export async function readableSearch(c: Context, id: string): Promise<Search | null> {
  const backend = c.get("backend");
  const user = c.get("user")!;
  const search = await backend.search.getSearch(id);
  if (!search) return null;
  return mayUseSearch(search, user) || await maySeeSearchThroughViews(backend, user, id) ? search : null;
}
