/**
 * The seam between the HTTP API and whatever answers it: the embedded DuckDB backend or a proxy to a real
 * Graylog 5.1. `api/` only ever talks to this interface.
 */
import type { AuthServiceStore, DirectoryTester } from "./authentication.ts";
import type { z } from "@hono/zod-openapi";
import type { CLUSTER_CONFIGS, ClusterConfigClass } from "./cluster-config.ts";
import type { ClusterStatsSource } from "./cluster-stats.ts";
import type { TelemetrySettingsStore } from "./telemetry.ts";
import type { ExportJobStore } from "./export-jobs.ts";
import type { AvailableDecorators, Decorator, DecoratorBody } from "./decorators.ts";
import type { EntityListPreferences } from "./entity-list-preferences.ts";
import type { EventsBackend } from "./events.ts";
import type { EventDefinitionWrites } from "./event-definitions.ts";
import type { EventNotificationStore } from "./event-notifications.ts";
import type { Favorite } from "./favorites.ts";
import type { GrokPatternStore } from "./grok.ts";
import type { ContentPackStore } from "./content-packs.ts";
import type { SidecarStore } from "./sidecars.ts";
import type { InputStore } from "./inputs.ts";
import type { ExtractorStore } from "./extractors.ts";
import type { OutputStore } from "./outputs.ts";
import type { ExtractorTesters } from "./extractor-testers.ts";
import type { LookupStore } from "./lookup-tables.ts";
import type { PipelineStore } from "./pipelines.ts";
import type { IndexSetStore } from "./index-sets.ts";
import type { SystemJobStore } from "./system-jobs.ts";
import type { SystemMessageStore } from "./system-messages.ts";
import type { ProcessingControl } from "./processing.ts";
import type { LoggingBackend } from "./logging.ts";
import type { SupportBundleStore } from "./support-bundle.ts";
import type { Metric } from "./metrics.ts";
import type { SystemNotification } from "./notifications.ts";
import type { ClusterNode, JvmInfo, SystemInfo } from "./system.ts";
import type { Startpage, User, UserCreate, UserOverview, UserSortField, UserStatus, UserUpdate } from "./user.ts";
import type { EntityPage, PageRequest } from "./paginated.ts";
import type { AccessTokenStore } from "./access-tokens.ts";
import type { RoleStore } from "./roles.ts";
import type { ExecutionState, Search, SearchJob } from "./search.ts";
import type {
  ExportRequest,
  FieldsRequest,
  FieldTypeMapping,
  SuggestRequest,
  SuggestResponse,
  UniversalSearchResponse,
  ValidationRequest,
  ValidationResponse,
} from "./search-support.ts";
import type { StreamStore, StreamTestMatchResponse } from "./streams.ts";
import type { TimeRange } from "./timerange.ts";
import type { StoredView, ViewBody, ViewSortField, ViewType } from "./views.ts";
import type { ShareStore } from "./shares.ts";
import type { TeamStore } from "./teams.ts";
import type { Preferences } from "../../shared/preferences.ts";
import type { ServiceManagerStatus, SystemStatsProbe } from "./system-stats.ts";

/** A logged-in session as the backend keeps it. */
export interface Session {
  id: string;
  username: string;
  userId: string;
  host: string;
  createdAt: Date;
  lastAccess: Date;
  timeoutMs: number;
}

export interface SessionStore {
  /** Checks the password and opens a session; null when the credentials do not match. */
  create(username: string, password: string, host: string): Promise<Session | null>;
  /** The session if it exists and has not timed out; extends it unless `extend` is false. */
  get(id: string, options?: { extend?: boolean }): Promise<Session | null>;
  /** Every session that has not timed out, most recently used first. */
  list(): Promise<Session[]>;
  delete(id: string): Promise<void>;
  /** Checks a username and password without opening a session (HTTP basic auth). */
  verifyPassword(username: string, password: string): Promise<boolean>;
  /** Opens a session for a user a trusted proxy vouched for (HTTP header authentication); null for an unknown or disabled user. */
  createTrusted(username: string, host: string): Promise<Session | null>;
}

export interface UserStore {
  get(username: string): Promise<User | null>;
  getById(id: string): Promise<User | null>;
  /** Every user, by username. */
  list(): Promise<User[]>;
  page(request: PageRequest<UserSortField>): Promise<EntityPage<UserOverview>>;
  /** Refuses (EntityValidationError) a taken username or an unknown role. */
  create(user: UserCreate): Promise<User>;
  /** Removes the user, their sessions and access tokens; false when there was no such user. */
  delete(username: string): Promise<boolean>;
  setPassword(username: string, password: string): Promise<void>;
  /** A disabled user's sessions end and their tokens stop working. */
  setStatus(username: string, status: UserStatus): Promise<void>;
  setPermissions(username: string, permissions: readonly string[]): Promise<void>;
  savePreferences(username: string, preferences: Preferences): Promise<void>;
  update(username: string, update: UserUpdate): Promise<User | null>;
  setStartpage(username: string, startpage: Startpage | null): Promise<void>;
}

export interface FavoriteStore {
  list(username: string, options: { page: number; perPage: number; type?: string }): Promise<{ favorites: Favorite[]; total: number }>;
  add(username: string, grn: string): Promise<void>;
  remove(username: string, grn: string): Promise<void>;
}

export interface EntityListPreferenceStore {
  get(username: string, entityTableId: string): Promise<EntityListPreferences | null>;
  save(username: string, entityTableId: string, preferences: EntityListPreferences): Promise<void>;
}

export interface SystemStore {
  info(): Promise<SystemInfo>;
  jvm(): Promise<JvmInfo>;
  nodes(): Promise<ClusterNode[]>;
  /** Metrics by full name; unknown names are left out. */
  metrics(names: readonly string[]): Promise<Metric[]>;
  /** Every metric name, sorted. */
  metricNames(): Promise<string[]>;
  /** Records one answered API request for the request timer. */
  requestAnswered(durationMicros: number): void;
  /** The node's threads, as text (a JavaScript isolate and the database's worker threads). */
  threadDump(): Promise<string>;
  /** What the ingest chain's processors are doing, by processor name. */
  processBufferDump(): Promise<Record<string, string>>;
  notifications(): Promise<SystemNotification[]>;
  deleteNotification(type: string, key?: string): Promise<boolean>;
  /** Resolves a natural-language time range; `{error}` says why it could not be read. */
  naturalDate(keyword: string, timezone: string): Promise<{ from: string; to: string; timezone: string } | { error: string }>;
}

export type ClusterConfigValue<C extends ClusterConfigClass> = z.infer<(typeof CLUSTER_CONFIGS)[C]["schema"]>;

/** Cluster-wide configuration documents by class name; a class never saved reads as its default. */
export interface ClusterConfigStore {
  get<C extends ClusterConfigClass>(name: C): Promise<ClusterConfigValue<C>>;
  save<C extends ClusterConfigClass>(name: C, value: ClusterConfigValue<C>): Promise<void>;
}

/** Who searches and which streams they may read (null = every stream). */
export interface SearchScope {
  owner: string;
  readableStreams: readonly string[] | null;
}

/** A stream as search needs it: id, title and whether it is the default stream. */
export interface StreamSummary {
  id: string;
  title: string;
  description: string;
  is_default: boolean;
  disabled: boolean;
}

/** Universal search (the legacy search API), by time range. */
export interface UniversalSearchRequest {
  query: string;
  timerange: TimeRange;
  limit: number;
  offset: number;
  /** A Lucene filter; `streams:{id}` restricts to one stream. */
  filter: string | null;
  fields: string[] | null;
  sort: { field: string; order: "ASC" | "DESC" };
}

/** The search engine: searches and their jobs, validation, fields, completion, message lookup, export. */
export interface SearchBackend {
  /** Stores a search; null when a search with that id belongs to someone else. */
  saveSearch(search: Search, owner: string): Promise<Search | null>;
  getSearch(id: string): Promise<Search | null>;
  /** Runs the search; the job is finished when this resolves (Graylog waits up to 60 s too). */
  execute(search: Search, state: ExecutionState, scope: SearchScope): Promise<SearchJob>;
  job(jobId: string, owner: string): Promise<SearchJob | null>;
  validate(request: ValidationRequest, scope: SearchScope): Promise<ValidationResponse>;
  fields(request: FieldsRequest, scope: SearchScope): Promise<FieldTypeMapping[]>;
  suggest(request: SuggestRequest, scope: SearchScope): Promise<SuggestResponse>;
  /** A stored message with the streams it belongs to (for the permission check). */
  message(index: string, id: string): Promise<{ message: Record<string, unknown>; index: string; streams: string[] } | null>;
  universal(request: UniversalSearchRequest, scope: SearchScope): Promise<UniversalSearchResponse>;
  /** CSV of the matching messages, streamed as it is read (never held in memory). */
  exportCsv(request: ExportRequest, scope: SearchScope): ReadableStream<Uint8Array>;
  universalCsv(request: UniversalSearchRequest, scope: SearchScope): ReadableStream<Uint8Array>;
  streams(): Promise<StreamSummary[]>;
}

/** Tests a message against one stream's rules, without storing or routing it (Graylog's stream testMatch). */
export interface StreamMatchTester {
  /** Each rule's verdict and the stream's (AND/OR over them); null when there is no such stream. */
  testMatch(streamId: string, message: Record<string, unknown>): Promise<StreamTestMatchResponse | null>;
}

/**
 * Which views a list shows and in what order: those of `owner` and those shared with one of `sharedWith`;
 * when both are null, every view (administrators).
 */
export interface ViewListOptions {
  owner: string | null;
  /** Views on which any of these grantee GRNs holds a grant (the caller and Everyone). */
  sharedWith?: readonly string[] | null;
  type?: ViewType;
  /** Matches title, summary or description, case-insensitively; "" matches all. */
  query: string;
  page: number;
  perPage: number;
  sort: ViewSortField;
  order: "asc" | "desc";
}

/** Saved searches and dashboards (views); ownership is the API's to check. */
export interface ViewStore {
  create(view: ViewBody, owner: string): Promise<StoredView>;
  get(id: string): Promise<StoredView | null>;
  /** Replaces a view's content; id, owner and created_at stay. Null when there is no such view. */
  update(id: string, view: ViewBody): Promise<StoredView | null>;
  /** False when there was no such view. */
  delete(id: string): Promise<boolean>;
  list(options: ViewListOptions): Promise<{ views: StoredView[]; total: number }>;
  /** The views saved over one search (whoever may read one of them may read the search). */
  listBySearch(searchId: string): Promise<StoredView[]>;
  /** Makes the view the default one (there is at most one); false when there is no such view. */
  setDefault(id: string): Promise<boolean>;
}

/** Search decorators (stream null = the default search); the API validates bodies against `available()`. */
export interface DecoratorStore {
  /** Every decorator, by stream then order. */
  list(): Promise<Decorator[]>;
  create(decorator: DecoratorBody): Promise<Decorator>;
  /** Null when there is no such decorator. */
  update(id: string, decorator: DecoratorBody): Promise<Decorator | null>;
  /** False when there was no such decorator. */
  delete(id: string): Promise<boolean>;
  /** The decorator types this backend can apply, with the configuration each asks for. */
  available(): Promise<AvailableDecorators>;
}

export interface Backend {
  readonly kind: "embedded" | "proxy";
  sessions: SessionStore;
  users: UserStore;
  favorites: FavoriteStore;
  entityListPreferences: EntityListPreferenceStore;
  system: SystemStore;
  clusterConfig: ClusterConfigStore;
  search: SearchBackend;
  views: ViewStore;
  decorators: DecoratorStore;
  streams: StreamStore;
  streamMatch: StreamMatchTester;
  shares: ShareStore;
  events: EventsBackend;
  eventDefinitions: EventDefinitionWrites;
  eventNotifications: EventNotificationStore;
  grokPatterns: GrokPatternStore;
  contentPacks: ContentPackStore;
  sidecars: SidecarStore;
  inputs: InputStore;
  extractors: ExtractorStore;
  outputs: OutputStore;
  extractorTesters: ExtractorTesters;
  lookupTables: LookupStore;
  clusterStats: ClusterStatsSource;
  telemetrySettings: TelemetrySettingsStore;
  accessTokens: AccessTokenStore;
  roles: RoleStore;
  teams: TeamStore;
  authServices: AuthServiceStore;
  directoryTester: DirectoryTester;
  pipelines: PipelineStore;
  exportJobs: ExportJobStore;
  indexSets: IndexSetStore;
  systemJobs: SystemJobStore;
  systemMessages: SystemMessageStore;
  processing: ProcessingControl;
  logging: LoggingBackend;
  supportBundles: SupportBundleStore;
  /** This node's process and machine statistics (`/system/stats`). */
  systemStats: SystemStatsProbe;
  /** This node's background services and their startup times (`/system/serviceManager`). */
  serviceStatus(): ServiceManagerStatus;
  close(): Promise<void>;
}
