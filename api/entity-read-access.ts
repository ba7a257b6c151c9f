import { parseGrn } from "../shared/grn.ts";
import { isPermitted, streamReadPermission } from "../shared/permissions.ts";
import type { Backend } from "./schemas/backend.ts";
import type { User } from "./schemas/user.ts";
import { viewCapability } from "./view-access.ts";

type ReadCheck = (backend: Backend, user: User, id: string) => Promise<boolean>;

/** An entity without its own store yet is readable with Graylog's read permission for it. */
const byPermission = (prefix: string): ReadCheck => (_backend, user, id) =>
  Promise.resolve(isPermitted(user.permissions, `${prefix}:read:${id}`));

const viewOfType = (type: "SEARCH" | "DASHBOARD"): ReadCheck => async (backend, user, id) => {
  const view = await backend.views.get(id);
  return view !== null && view.type === type && (await viewCapability(backend, user, view)) !== null;
};

/** The GRN types of entities (spec 000 §3) whose read access is known. */
type ReadableEntityType =
  | "search"
  | "dashboard"
  | "stream"
  | "user"
  | "role"
  | "team"
  | "event_definition"
  | "notification"
  | "search_filter"
  | "report"
  | "output";

/** Who may read an entity of each GRN type (and so see its title, e.g. in the favorites). */
const READ_CHECKS: Record<ReadableEntityType, ReadCheck> = {
  search: viewOfType("SEARCH"),
  dashboard: viewOfType("DASHBOARD"),
  stream: async (backend, user, id) =>
    isPermitted(user.permissions, streamReadPermission(id)) && (await backend.search.streams()).some((stream) => stream.id === id),
  user: (_backend, user, id) => Promise.resolve(user.id === id || isPermitted(user.permissions, "users:read:*")),
  role: byPermission("roles"),
  team: byPermission("team"),
  event_definition: byPermission("eventdefinitions"),
  notification: byPermission("eventnotifications"),
  search_filter: byPermission("search_filter"),
  report: byPermission("report"),
  output: byPermission("outputs"),
};

/** Whether the user may read the entity a GRN names; false for GRNs of unknown types. */
export async function mayReadEntity(backend: Backend, user: User, grn: string): Promise<boolean> {
  const parsed = parseGrn(grn);
  if (!parsed || !Object.hasOwn(READ_CHECKS, parsed.type)) return false;
  return await READ_CHECKS[parsed.type as ReadableEntityType](backend, user, parsed.id);
}
