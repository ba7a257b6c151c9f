/**
 * The permissions Sluice checks, by resource, with the names a person reads in the role editor (Graylog 5.1's
 * RestPermissions, the part this product uses). `GET /system/permissions` lists them.
 */
export const PERMISSION_CATALOGUE = {
  authentication: { title: "Authentication services", actions: ["edit"] },
  authhttpheaderconfig: { title: "HTTP header authenticator", actions: ["read", "edit"] },
  authservicebackend: { title: "Authentication service backends", actions: ["read", "create", "edit", "delete"] },
  authserviceglobalconfig: { title: "Active authentication service", actions: ["read", "edit"] },
  authservicetestbackend: { title: "Authentication service tests", actions: ["execute"] },
  buffers: { title: "Buffers", actions: ["read"] },
  clusterconfigentry: { title: "Cluster configuration", actions: ["read", "create", "edit", "delete"] },
  dashboards: { title: "Dashboards", actions: ["read", "create", "edit"] },
  decorators: { title: "Decorators", actions: ["read", "create", "edit"] },
  eventdefinitions: { title: "Event definitions", actions: ["read", "create", "edit", "delete", "execute"] },
  eventnotifications: { title: "Event notifications", actions: ["read", "create", "edit", "delete"] },
  fieldnames: { title: "Field names", actions: ["read"] },
  grok_pattern: { title: "Grok patterns", actions: ["read", "create", "edit", "delete"] },
  indexercluster: { title: "Indexer cluster", actions: ["read"] },
  indices: { title: "Indices and index sets", actions: ["read", "create", "edit", "delete", "failures"] },
  inputs: { title: "Inputs", actions: ["read", "create", "edit", "terminate", "changestate"] },
  jvmstats: { title: "JVM statistics", actions: ["read"] },
  loggers: { title: "Loggers", actions: ["read", "edit"] },
  lookuptables: { title: "Lookup tables", actions: ["read", "create", "edit", "delete"] },
  messagecount: { title: "Message counts", actions: ["read"] },
  messages: { title: "Messages", actions: ["read", "analyze"] },
  metrics: { title: "Metrics", actions: ["read", "allkeys"] },
  notifications: { title: "System notifications", actions: ["read", "delete"] },
  outputs: { title: "Outputs", actions: ["read", "create", "edit", "terminate"] },
  pipeline: { title: "Pipelines", actions: ["read", "create", "edit", "delete"] },
  pipeline_rule: { title: "Pipeline rules", actions: ["read", "create", "edit", "delete"] },
  processbuffer: { title: "Process buffer", actions: ["dump"] },
  processing: { title: "Message processing", actions: ["changestate"] },
  roles: { title: "Roles", actions: ["read", "create", "edit", "delete"] },
  searches: { title: "Searches", actions: ["absolute", "relative", "keyword"] },
  streams: { title: "Streams", actions: ["read", "create", "edit", "changestate"] },
  supportbundle: { title: "Support bundles", actions: ["read", "create"] },
  system: { title: "System information", actions: ["read"] },
  systemjobs: { title: "System jobs", actions: ["read", "delete"] },
  systemmessages: { title: "System messages", actions: ["read"] },
  teams: { title: "Teams", actions: ["list", "read", "create", "edit", "delete"] },
  threads: { title: "Threads", actions: ["dump"] },
  throughput: { title: "Throughput", actions: ["read"] },
  users: {
    title: "Users",
    actions: ["list", "read", "create", "edit", "passwordchange", "permissionsedit", "rolesedit", "tokenlist", "tokencreate", "tokenremove"],
  },
  view: { title: "Saved searches", actions: ["read", "create", "edit", "delete"] },
} as const satisfies Record<string, { title: string; actions: readonly string[] }>;

export type PermissionResource = keyof typeof PERMISSION_CATALOGUE;
export type PermissionAction = (typeof PERMISSION_CATALOGUE)[PermissionResource]["actions"][number];

/** Each action of the catalogue as a person reads it ("tokencreate" → "create tokens"); every action has its words. */
export const ACTION_WORDS: Record<PermissionAction, string> = {
  read: "read",
  list: "list",
  create: "create",
  edit: "edit",
  delete: "delete",
  execute: "run",
  failures: "read failures",
  terminate: "stop and remove",
  changestate: "start and stop",
  allkeys: "read all keys",
  analyze: "analyze",
  dump: "dump",
  passwordchange: "change passwords",
  permissionsedit: "edit permissions",
  rolesedit: "edit roles",
  tokenlist: "list tokens",
  tokencreate: "create tokens",
  tokenremove: "remove tokens",
  absolute: "search absolute time ranges",
  relative: "search relative time ranges",
  keyword: "search keyword time ranges",
};

/** `{resource: [actions]}`, Graylog's shape of the permission list. */
export function permissionActions(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(PERMISSION_CATALOGUE).map(([resource, { actions }]) => [resource, [...actions]]));
}

/** "streams:read:abc" → "Streams: read (abc)", "users:tokencreate" → "Users: create tokens"; unknown resources and actions read as they are. */
export function readablePermission(permission: string): string {
  if (permission === "*") return "Everything";
  const [resource, action, ...rest] = permission.split(":");
  const title = (PERMISSION_CATALOGUE as Record<string, { title: string }>)[resource]?.title ?? resource;
  const words = action === undefined ? "*" : (ACTION_WORDS as Record<string, string>)[action] ?? action;
  const id = rest.join(":");
  return `${title}: ${words}${id ? ` (${id})` : ""}`;
}
