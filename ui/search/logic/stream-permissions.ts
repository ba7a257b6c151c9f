import { isPermitted, type PermissionList } from "../../../shared/permissions.ts";

/**
 * Whether the user can read no stream at all, so that no search can start (spec 001 §2 'Search and dashboard
 * page layout', §6): the streams list answered with none and the user does not hold the read-all permission
 * (which would let them search streams created later, and the default stream always exists).
 */
export function lacksStreamPermissions(permissions: PermissionList, readableStreams: number): boolean {
  return readableStreams === 0 && !isPermitted(permissions, "streams:read:*");
}

/**
 * The searched streams the user may not read (spec 000 §2.4 'Missing Stream Permissions'): neither among the
 * streams the API lists for them nor covered by a permission (streams created since, or the read-all permission).
 */
export function unreadableStreams(
  permissions: PermissionList,
  searched: readonly string[],
  readable: readonly { id: string }[],
): string[] {
  const listed = new Set(readable.map((stream) => stream.id));
  return searched.filter((id) => !listed.has(id) && !isPermitted(permissions, `streams:read:${id}`));
}
