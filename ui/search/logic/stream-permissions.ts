import { isPermitted, type PermissionList } from "../../../shared/permissions.ts";

/**
 * Whether the user can read no stream at all, so that no search can start (spec 001 §2 'Search and dashboard
 * page layout', §6): the streams list answered with none and the user does not hold the read-all permission
 * (which would let them search streams created later, and the default stream always exists).
 */
export function lacksStreamPermissions(permissions: PermissionList, readableStreams: number): boolean {
  return readableStreams === 0 && !isPermitted(permissions, "streams:read:*");
}
