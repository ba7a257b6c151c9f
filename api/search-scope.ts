import type { Context } from "hono";
import { isPermitted, streamReadPermission } from "../shared/permissions.ts";
import { MissingStreamPermissionError } from "./errors.ts";
import type { SearchScope } from "./schemas/backend.ts";

/**
 * The caller's search scope: every stream when they may read all (`*`, `streams:*`, `streams:read:*`),
 * otherwise exactly the streams they hold `streams:read:{id}` for.
 */
export async function searchScope(c: Context): Promise<SearchScope> {
  const user = c.get("user")!;
  if (isPermitted(user.permissions, "streams:read:*")) return { owner: user.username, readableStreams: null };
  const streams = await c.get("backend").search.streams();
  const readable = streams.filter((stream) => isPermitted(user.permissions, streamReadPermission(stream.id))).map((stream) => stream.id);
  return { owner: user.username, readableStreams: readable };
}

/** 403 MissingStreamPermission naming every requested stream the caller may not read. */
export function assertStreamsReadable(scope: SearchScope, requested: Iterable<string>): void {
  if (scope.readableStreams === null) return;
  const readable = new Set(scope.readableStreams);
  const missing = [...new Set(requested)].filter((id) => !readable.has(id));
  if (missing.length > 0) throw new MissingStreamPermissionError(missing);
}
