/**
 * Contract tests over every operation of the API's own OpenAPI document: a route added without a contract
 * case here fails the suite.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { SearchJobSchema, SearchSchema } from "../../api/schemas/search.ts";
import {
  FieldTypeMappingSchema,
  SuggestResponseSchema,
  UniversalSearchResponseSchema,
  ValidationResponseSchema,
} from "../../api/schemas/search-support.ts";
import { CLUSTER_CONFIGS, NaturalDateSchema, SearchesClusterConfigSchema } from "../../api/schemas/cluster-config.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { MessageProcessorsConfigWithDescriptorsSchema } from "../../api/schemas/message-processors.ts";
import { AvailableDecoratorsSchema, DecoratorListSchema, DecoratorSchema } from "../../api/schemas/decorators.ts";
import {
  ErrorStatesSchema,
  LookupCachePageSchema,
  LookupCacheSchema,
  LookupDataAdapterPageSchema,
  LookupDataAdapterSchema,
  LookupResultSchema,
  LookupTablePageSchema,
  LookupTableSchema,
  LookupTypesSchema,
  ValidationResultSchema,
} from "../../api/schemas/lookup-tables.ts";
import {
  FunctionDescriptorSchema,
  RuleCounterEntrySchema,
  PipelineConnectionsSchema,
  PipelineSourceSchema,
  RuleSourceSchema,
  SimulationResponseSchema,
} from "../../api/schemas/pipelines.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { GrokPatternListSchema, GrokPatternPageSchema, GrokPatternSchema, GrokPatternTestResultSchema } from "../../api/schemas/grok.ts";
import { EntityListPreferencesSchema } from "../../api/schemas/entity-list-preferences.ts";
import { EventDefinitionListSchema, EventDefinitionSchema, EventsSearchResultSchema } from "../../api/schemas/events.ts";
import { SEED_EVENT_DEFINITIONS } from "../../mock-backend/events/seed-event-definitions.ts";
import { EventDefinitionPageSchema } from "../../api/schemas/event-definitions.ts";
import {
  EventNotificationListSchema,
  EventNotificationPageSchema,
  EventNotificationSchema,
  NotificationDeliveryListSchema,
  OutboxListSchema,
} from "../../api/schemas/event-notifications.ts";
import { paymentsDefinition } from "../helpers/event-definitions.ts";
import { FavoritesListSchema } from "../../api/schemas/favorites.ts";
import { ClusterMetricsResponseSchema, MetricNamesSchema, MetricsResponseSchema, MetricValueSchema } from "../../api/schemas/metrics.ts";
import { BuffersSchema, ClusterJvmSchema, ClusterSystemSchema, ProcessBufferDumpSchema, ThreadDumpSchema, ThroughputSchema } from "../../api/schemas/nodes.ts";
import { NotificationsSchema } from "../../api/schemas/notifications.ts";
import {
  AlarmCallbackHistoryListSchema,
  AlarmCallbackListSchema,
  AvailableAlarmCallbacksSchema,
  BulkOperationResponseSchema,
  StreamCreatedSchema,
  StreamPageSchema,
  StreamRuleCreatedSchema,
  StreamRuleListSchema,
  StreamRuleSchema,
  StreamRuleTypeInfoSchema,
  StreamSchema,
  StreamsListSchema,
  StreamTestMatchResponseSchema,
} from "../../api/schemas/streams.ts";
import { ActiveSessionListSchema, SessionResponseSchema, SessionValidationSchema } from "../../api/schemas/session.ts";
import { ClusterNodeSchema, ClusterNodesSchema, JvmInfoSchema, LocalesSchema, PingSchema, SystemInfoSchema } from "../../api/schemas/system.ts";
import { PreferencesBodySchema, UserListSchema, UserPageSchema, UserSchema } from "../../api/schemas/user.ts";
import { AccessTokenListSchema, AccessTokenSchema } from "../../api/schemas/access-tokens.ts";
import { AuthzRolePageSchema, RoleListSchema, RoleMembersSchema, RoleSchema } from "../../api/schemas/roles.ts";
import { TeamListSchema, TeamPageSchema, TEAMS_PATH, TeamSchema } from "../../api/schemas/teams.ts";
import {
  ActiveBackendAnswerSchema,
  ActiveBackendTypeSchema,
  BackendAnswerSchema,
  BackendPageSchema,
  BackendTestResultSchema,
  BackendUsersSchema,
  GroupSyncAnswerSchema,
  GlobalAuthConfigAnswerSchema,
  HttpHeaderAuthConfigSchema,
} from "../../api/schemas/authentication.ts";
import { BulkDeleteResultSchema, SeriesFunctionsSchema, ViewListSchema, ViewParameterSummarySchema, ViewSchema } from "../../api/schemas/views.ts";
import { EntityShareResponseSchema, PaginatedEntitySharesSchema } from "../../api/schemas/shares.ts";
import {
  ClusterInputStateChangeSchema,
  ClusterInputStatesSchema,
  InputCreatedSchema,
  InputsListSchema,
  InputStatesListSchema,
  InputStateSummarySchema,
  InputSummarySchema,
  InputTypeInfoMapSchema,
  InputTypeInfoSchema,
  InputTypesSummarySchema,
} from "../../api/schemas/inputs.ts";
import { ExtractorCreatedSchema, ExtractorSummaryListSchema, ExtractorSummarySchema } from "../../api/schemas/extractors.ts";
import { AvailableOutputsSchema, OutputListSchema, OutputSummarySchema } from "../../api/schemas/outputs.ts";
import {
  ContainsStringTesterResponseSchema,
  CutTesterResponseSchema,
  GrokTesterResponseSchema,
  JsonTesterResponseSchema,
  LookupTableTesterResponseSchema,
  RegexReplaceTesterResponseSchema,
  RegexTesterResponseSchema,
  RegexValidationResponseSchema,
} from "../../api/schemas/extractor-testers.ts";
import { ElasticsearchStatsSchema } from "../../api/schemas/cluster-stats.ts";
import { TelemetryDataSchema, TelemetryEventAnswerSchema, TelemetryUserSettingsSchema } from "../../api/schemas/telemetry.ts";
import { TemplateRenderResponseSchema } from "../../api/schemas/notification-messages.ts";
import { SearchMetadataSchema } from "../../api/schemas/search-metadata.ts";
import { ExportJobIdSchema } from "../../api/schemas/export-jobs.ts";
import { MapDataSearchResultSchema, TabularResponseSchema } from "../../api/schemas/scripting-search.ts";
import {
  ClosedIndicesSchema,
  ClusterHealthSchema,
  ClusterNameSchema,
  CountSchema,
  DeflectorSummarySchema,
  FailureCountSchema,
  IndexerOverviewSchema,
  IndexFailuresSchema,
  IndexInfoSchema,
  IndexListSchema,
  IndexRangeSchema,
  IndexRangesSchema,
  INDEX_SET_DEFAULTS,
  IndexSetListSchema,
  IndexSetSchema,
  IndexSetStatsSchema,
  RETENTION_STRATEGY_CLASSES,
  ROTATION_STRATEGY_CLASSES,
} from "../../api/schemas/index-sets.ts";
import { DEFAULT_INDEX_SET_ID } from "../../fixtures/seed-streams.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { isAnyPermitted, isPermitted } from "../../shared/permissions.ts";
import { ADMIN_PASSWORD, type ApiHarness, apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import fc from "fast-check";
import { answerChecker } from "../helpers/openapi-answers.ts";
import { concretePath, listOperations, loadOpenApiDocument, operationsOf } from "../helpers/openapi-operations.ts";
import { describeRequest, invalidRequest, sendGenerated, validRequest } from "../helpers/openapi-requests.ts";
import { assertSchema } from "../helpers/schema-assert.ts";
import {
  CatalogIndexSchema,
  CatalogResolveResponseSchema,
  ContentPackInstallationSchema,
  ContentPackInstallationsSchema,
  ContentPackListSchema,
  ContentPackResponseSchema,
  ContentPackRevisionsSchema,
  ContentPackSchema,
  ContentPackUninstallationSchema,
  ContentPackUninstallDetailsSchema,
} from "../../api/schemas/content-packs.ts";
import {
  CollectorListSchema,
  CollectorSchema,
  RegistrationResponseSchema,
  SidecarConfigurationListSchema,
  SidecarConfigurationSchema,
  SidecarListSchema,
  SidecarSummarySchema,
} from "../../api/schemas/sidecars.ts";
import { ClusterJobsSchema, JobTriggeredSchema, SystemJobListSchema } from "../../api/schemas/system-jobs.ts";
import { SystemMessagesPageSchema } from "../../api/schemas/system-messages.ts";
import { ClusterLoggersSchema, ClusterSubsystemsSchema, LoggersSchema, RecentLogMessagesSchema, SubsystemsSchema } from "../../api/schemas/logging.ts";
import { UrlWhitelistSchema, WhitelistCheckResponseSchema, WhitelistRegexGenerationResponseSchema } from "../../api/schemas/url-whitelist.ts";
import { ProcessingStatusSummarySchema } from "../../api/schemas/processing.ts";
import { MetricRegistryDumpSchema } from "../../api/schemas/metric-dump.ts";
import { BundleFilesSchema } from "../../api/schemas/support-bundle.ts";
import { FsStatsSchema, JvmStatsSchema, NetworkStatsSchema, OsStatsSchema, ProcessStatsSchema, SatisfiesVersionSchema, ServiceManagerStatusSchema, SystemStatsSchema } from "../../api/schemas/system-stats.ts";

/** Path parameter values that exist in the seeded backend. */
const SAMPLE_PARAMS: Record<string, string> = {
  username: "admin",
  grn: "grn::::stream:000000000000000000000001",
  entityTableId: "streams",
  distribution: "opensearch",
  notificationType: "no_input_running",
  notificationKey: "input-1",
  sessionId: "00000000-0000-0000-0000-000000000000",
  configClass: "org.graylog2.indexer.searches.SearchesClusterConfig",
  id: "0123456789abcdef01234567",
  jobId: "0123456789abcdef01234567",
  subsystem: "graylog",
  level: "info",
  loggerName: "org.graylog2.shared.buffers",
  index: "graylog_0",
  nodeId: "0123456789abcdef",
  namespace: "jvm.memory",
  metricName: "org.graylog2.throughput.input",
  messageId: "00000000-0000-0000-0000-000000000000",
  streamId: "5f0c1e5a0000000000000101",
  patternId: "0123456789abcdef01234567",
  definitionId: "0123456789abcdef01234567",
  notificationId: "0123456789abcdef01234567",
  ruleId: "5f0c1e5a0000000000000201",
  inputId: "0123456789abcdef01234567",
  inputType: "org.graylog2.inputs.raw.udp.RawUDPInput",
  key: "contract",
  extractorId: "0123456789abcdef01234567",
  outputId: "0123456789abcdef01234567",
  idOrName: "0123456789abcdef01234567",
  type: "no_input_running",
  userId: "0123456789abcdef01234567",
  status: "enabled",
  token: "contract-token",
  rolename: "Reader",
  roleId: "0123456789abcdef01234567",
  searchId: "0123456789abcdef01234567",
  searchTypeId: "st1",
  exportJobId: "0123456789abcdef01234567",
  filename: "export.csv",
  indexSetId: DEFAULT_INDEX_SET_ID,
  alarmCallbackId: "0123456789abcdef01234567",
  alertId: "0123456789abcdef01234567",
  teamId: "0123456789abcdef01234567",
  backendId: "0123456789abcdef01234567",
  contentPackId: "00000000-0000-4000-8000-000000000000",
  revision: "1",
  installationId: "0123456789abcdef01234567",
  sidecarId: "contract-sidecar",
};

const USER_BODY = { username: "contract-user", password: "contract-secret", email: "contract@example.com", roles: ["Reader"] };

/** A user besides the seeded ones, for the calls that remove, disable or enable one. */
const storedUser = async (harness: ApiHarness) => {
  const username = `contract-${crypto.randomUUID().slice(0, 8)}`;
  await harness.call("POST", "/users", { body: { ...USER_BODY, username } });
  const user = assertSchema(UserSchema, (await harness.call("GET", `/users/${username}`)).body);
  return { params: { username, userId: user.id } };
};

const TEAM_BODY = { name: "Contract team", description: "For the contract", users: [], roles: [] };

/** A stored team of its own name, for the calls that read, change or remove one. */
const storedTeam = async (harness: ApiHarness) => {
  const created = await harness.call("POST", TEAMS_PATH, { body: { ...TEAM_BODY, name: `Contract ${crypto.randomUUID()}` } });
  return { params: { teamId: assertSchema(TeamSchema, created.body).id } };
};

/** An LDAP backend on a loopback port nobody serves (port 1): tests of it fail at once with the connection's error. */
const AUTH_BACKEND_BODY = {
  title: "Contract directory",
  config: {
    type: "ldap",
    servers: [{ host: "127.0.0.1", port: 1 }],
    transport_security: "none",
    user_search_base: "ou=users,dc=example,dc=com",
    user_search_pattern: "(uid={0})",
    user_name_attribute: "uid",
    user_full_name_attribute: "cn",
  },
};

/** A stored authentication service backend, for the calls that read, change or remove one. */
const storedAuthBackend = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/system/authentication/services/backends", { body: AUTH_BACKEND_BODY });
  return { params: { backendId: assertSchema(BackendAnswerSchema, created.body).backend.id } };
};

const GROUP_SYNC_BODY = { config: { group_search_base: "ou=groups,dc=example,dc=com", group_search_pattern: "(objectClass=groupOfNames)" } };

/** A stored backend with a group synchronisation, for the calls that read or remove it. */
const groupSyncedAuthBackend = async (harness: ApiHarness) => {
  const stored = await storedAuthBackend(harness);
  await harness.call("PUT", `/plugins/org.graylog.plugins.security/authentication/services/group-sync/backend/${stored.params.backendId}`, { body: GROUP_SYNC_BODY });
  return stored;
};

/** An active backend, for the call that reads it. */
const activeAuthBackend = async (harness: ApiHarness) => {
  const stored = await storedAuthBackend(harness);
  await harness.call("POST", "/system/authentication/services/configuration", { body: { active_backend: stored.params.backendId } });
  return stored;
};

/** The admin's user id, for the calls about one user's shares and teams. */
const adminUserId = async (harness: ApiHarness) => ({
  params: { userId: assertSchema(UserSchema, (await harness.call("GET", "/users/admin")).body).id },
});

/** An access token of the admin, for revoking. */
const storedToken = async (harness: ApiHarness) => {
  const token = assertSchema(AccessTokenSchema, (await harness.call("POST", "/users/admin/tokens/contract")).body);
  return { params: { token: token.id } };
};

const ROLE_BODY = { name: "Contract role", description: "For the contract", permissions: ["streams:read"] };

/** A role besides the built-in ones, for the calls that change or remove one. */
const storedRole = async (harness: ApiHarness) => {
  const role = assertSchema(RoleSchema, (await harness.call("POST", "/roles", { body: { ...ROLE_BODY, name: `Contract ${crypto.randomUUID()}` } })).body);
  return { params: { rolename: role.name, roleId: role.id } };
};

/** The Reader role's id, for the calls that read or assign a role by id. */
const readerRole = async (harness: ApiHarness) => {
  const role = assertSchema(RoleSchema, (await harness.call("GET", "/roles/Reader")).body);
  return { params: { roleId: role.id } };
};

const SEARCH_BODY = {
  queries: [{ id: "q1", timerange: { type: "relative", from: 300 }, search_types: [{ type: "messages", id: "st1", limit: 10 }] }],
};

/** A stored search of the admin, for the calls that take a search id. */
const storedSearch = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/views/search", { body: SEARCH_BODY });
  return { params: { id: (created.body as { id: string }).id } };
};

/** A stored search of the admin under `searchId`, for the export calls. */
const exportableSearch = async (harness: ApiHarness) => ({ params: { searchId: (await storedSearch(harness)).params.id } });

/** An export job of the admin's stored search, for the download. */
const exportJob = async (harness: ApiHarness) => {
  const { params } = await exportableSearch(harness);
  const created = await harness.call("POST", `/views/export/${params.searchId}`, { body: {} });
  return { params: { exportJobId: created.body as string } };
};

/** The admin's search that VIEW_BODY points at, stored under a fixed id so that the static body can name it. */
const VIEW_SEARCH_ID = "5f0000000000000000000001";
const VIEW_BODY = { type: "SEARCH", title: "Contract search", search_id: VIEW_SEARCH_ID, state: {} };

const viewSearch = async (harness: ApiHarness) => {
  const stored = await harness.call("POST", "/views/search", { body: { ...SEARCH_BODY, id: VIEW_SEARCH_ID } });
  if (stored.status !== 201) throw new Error(`storing the view's search failed: ${JSON.stringify(stored.body)}`);
  return {};
};

/** A stored view of the admin, for the calls that take a view id. */
const storedView = async (harness: ApiHarness) => {
  await viewSearch(harness);
  const created = await harness.call("POST", "/views", { body: VIEW_BODY });
  return { params: { id: (created.body as { id: string }).id } };
};

/** The GRN of a stored view of the admin, for the sharing calls. */
const sharedViewGrn = async (harness: ApiHarness) => {
  const { params } = await storedView(harness);
  return { params: { grn: `grn::::search:${params.id}` } };
};

const DECORATOR_BODY = {
  type: "org.graylog2.decorators.FormatStringDecorator",
  config: { format_string: "${source}", target_field: "origin" },
  stream: null,
  order: 0,
};

/** A stored decorator, for the calls that take a decorator id. */
const storedDecorator = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/search/decorators", { body: DECORATOR_BODY });
  return { params: { id: (created.body as { id: string }).id } };
};

const LOOKUP_CACHE_BODY = { name: "contract-cache", title: "Contract cache", description: "", config: { type: "none" } };
const LOOKUP_ADAPTER_BODY = { name: "contract-adapter", title: "Contract adapter", description: "", config: { type: "torexitnode" } };
/** A table body over the shipped cache and the seeded HTTP status adapter (their ids are only known once seeded). */
const LOOKUP_TABLE_BODY = { name: "contract-table", title: "Contract table", description: "", cache_id: "0123456789abcdef01234567", data_adapter_id: "0123456789abcdef01234567" };

const lookupTableBody = async (harness: ApiHarness) => {
  const shipped = (await harness.call("GET", "/system/lookup/tables/http-status-phrases")).body as { lookup_tables: { cache_id: string; data_adapter_id: string }[] };
  const [{ cache_id, data_adapter_id }] = shipped.lookup_tables;
  return { ...LOOKUP_TABLE_BODY, name: `contract-${crypto.randomUUID().slice(0, 8)}`, cache_id, data_adapter_id };
};
/** A stored lookup entity of `kind` under a name of its own, for the calls that take an id or name. */
const storedLookup = (kind: "tables" | "caches" | "adapters") => async (harness: ApiHarness) => {
  const name = `contract-${crypto.randomUUID().slice(0, 8)}`;
  const body = kind === "tables" ? { ...await lookupTableBody(harness), name } : { ...(kind === "caches" ? LOOKUP_CACHE_BODY : LOOKUP_ADAPTER_BODY), name };
  const created = await harness.call("POST", `/system/lookup/${kind}`, { body });
  return { params: { idOrName: (created.body as { id: string }).id }, body };
};

const ruleSource = (name: string) => `rule "${name}"\nwhen has_field("source")\nthen\n  set_field("contract", true);\nend`;
const pipelineSource = (name: string) => `pipeline "${name}"\nstage 0 match either\nrule "contract rule";\nend`;
const PIPELINE_RULE_BODY = { source: ruleSource("contract rule"), description: "" };
const PIPELINE_BODY = { source: pipelineSource("Contract pipeline"), description: "" };
/** A rule body under a name of its own (rule titles are unique). */
const uniqueRuleBody = () => ({ ...PIPELINE_RULE_BODY, source: ruleSource(`contract ${crypto.randomUUID().slice(0, 8)}`) });
const storedRule = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/system/pipelines/rule", { body: uniqueRuleBody() });
  return { params: { id: (created.body as { id: string }).id } };
};
const storedRuleWithNewName = async (harness: ApiHarness) => ({ ...await storedRule(harness), body: uniqueRuleBody() });
const storedPipeline = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/system/pipelines/pipeline", { body: PIPELINE_BODY });
  return { params: { id: (created.body as { id: string }).id } };
};
const connectedStream = async (harness: ApiHarness) => {
  const { params } = await storedPipeline(harness);
  await harness.call("POST", "/system/pipelines/connections/to_stream", { body: { stream_id: DEFAULT_STREAM_ID, pipeline_ids: [params.id] } });
  return { params: { streamId: DEFAULT_STREAM_ID }, pipelineId: params.id };
};

const GROK_BODY = { name: "CONTRACT_STATUS", pattern: "status=%{INT:status:int}" };

/** A stored grok pattern under a name of its own, for the calls that take a pattern id. */
const storedGrokPattern = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/system/grok", { body: { ...GROK_BODY, name: `CONTRACT_${crypto.randomUUID().slice(0, 8)}` } });
  return { params: { patternId: (created.body as { id: string }).id } };
};

/** A content pack holding one grok pattern, under an id of its own. */
const contentPackBody = () => ({
  v: "1",
  id: crypto.randomUUID(),
  rev: 1,
  name: "Contract pack",
  summary: "For the contract",
  vendor: "Sluice",
  entities: [{
    v: "1",
    type: { name: "grok_pattern", version: "1" },
    id: "0123456789abcdef01234567",
    data: { name: { "@type": "string", "@value": "CONTRACT_PACKED" }, pattern: { "@type": "string", "@value": "%{WORD}" } },
  }],
});
const storedContentPack = async (harness: ApiHarness) => {
  const pack = contentPackBody();
  await harness.call("POST", "/system/content_packs", { body: pack });
  return { params: { contentPackId: pack.id, revision: "1" } };
};
const installedContentPack = async (harness: ApiHarness) => {
  const { params } = await storedContentPack(harness);
  const installed = await harness.call("POST", `/system/content_packs/${params.contentPackId}/1/installations`, { body: {} });
  return { params: { ...params, installationId: (installed.body as { _id: string })._id } };
};

/** What graylog-sidecar sends when it registers. */
const SIDECAR_REGISTRATION = { node_name: "contract-host", node_details: { operating_system: "Linux", ip: "127.0.0.1" } };
const registeredSidecar = async (harness: ApiHarness) => {
  await harness.call("PUT", "/sidecars/contract-sidecar", { body: SIDECAR_REGISTRATION });
  return { params: { sidecarId: "contract-sidecar" } };
};
const COLLECTOR_BODY = { name: "contract-beat", service_type: "exec", node_operating_system: "linux", executable_path: "/usr/bin/contract-beat" };
const storedCollector = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/sidecar/collectors", { body: { ...COLLECTOR_BODY, name: `contract-${crypto.randomUUID().slice(0, 8)}` } });
  return { params: { id: (created.body as { id: string }).id } };
};
const configurationBody = (collectorId: string) => ({ collector_id: collectorId, name: `contract ${crypto.randomUUID().slice(0, 8)}`, template: "id: ${sidecar.nodeId}" });
const storedSidecarConfiguration = async (harness: ApiHarness) => {
  const { params } = await storedCollector(harness);
  const created = await harness.call("POST", "/sidecar/configurations", { body: configurationBody(params.id) });
  return { params: { id: (created.body as { id: string }).id }, collectorId: params.id };
};

/** A Raw UDP input on loopback (a launch on a taken port still answers 201: that input's state says FAILED). */
const INPUT_BODY = {
  title: "Contract input",
  type: "org.graylog2.inputs.raw.udp.RawUDPInput",
  global: true,
  configuration: { bind_address: "127.0.0.1", port: 22977 },
};

/** A stored input with the static field `contract`, for the calls that take an input id. */
const storedInput = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/system/inputs", { body: INPUT_BODY });
  const inputId = (created.body as { id: string }).id;
  await harness.call("POST", `/system/inputs/${inputId}/staticfields`, { body: { key: "contract", value: "yes" } });
  return { params: { inputId } };
};

const EXTRACTOR_BODY = {
  title: "Contract extractor",
  source_field: "message",
  target_field: "status",
  extractor_type: "regex",
  extractor_config: { regex_value: "status=(\\d+)" },
  converters: { numeric: {} },
};

/** A stored input with one extractor, for the extractor calls. */
const storedExtractor = async (harness: ApiHarness) => {
  const { params } = await storedInput(harness);
  const created = await harness.call("POST", `/system/inputs/${params.inputId}/extractors`, { body: EXTRACTOR_BODY });
  return { params: { ...params, extractorId: (created.body as { extractor_id: string }).extractor_id } };
};

/** A GELF UDP output to a loopback port nobody listens on (datagrams sent there are dropped). */
const OUTPUT_BODY = {
  title: "Contract output",
  type: "org.graylog2.outputs.GelfOutput",
  configuration: { hostname: "127.0.0.1", port: 23998, protocol: "UDP" },
};

/** A stored output, attached to the stream of the stream calls, for the calls that take an output id. */
const storedOutput = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/system/outputs", { body: { ...OUTPUT_BODY, streams: [SAMPLE_PARAMS.streamId] } });
  return { params: { streamId: SAMPLE_PARAMS.streamId, outputId: (created.body as { id: string }).id } };
};
/** A stored output not attached to any stream yet, named by the body that attaches it. */
const storedOutputToAttach = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/system/outputs", { body: OUTPUT_BODY });
  return { params: { streamId: SAMPLE_PARAMS.streamId }, body: { outputs: [(created.body as { id: string }).id] } };
};

const STREAM_BODY = { title: "Contract stream", rules: [{ field: "service", type: 1, value: "checkout" }] };
const RULE_BODY = { field: "source", type: 6, value: "web" };

/** A stored stream with one rule, for the calls that change or remove a stream or its rules. */
const storedStream = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/streams", { body: STREAM_BODY });
  const streamId = (created.body as { stream_id: string }).stream_id;
  const rules = await harness.call("GET", `/streams/${streamId}/rules`);
  return { params: { streamId, ruleId: (rules.body as { stream_rules: { id: string }[] }).stream_rules[0].id } };
};

/** A stored event definition, for the calls that take a definition id. */
const storedDefinition = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/events/definitions", { body: paymentsDefinition() });
  return { params: { definitionId: (created.body as { id: string }).id } };
};

const NOTIFICATION_BODY = { title: "Contract pager", config: { type: "http-notification-v1", url: "https://hooks.example.com/contract" } };
const EMAIL_NOTIFICATION_BODY = {
  title: "Contract mail",
  config: { type: "email-notification-v1", subject: "Event: ${event_definition_title}", email_recipients: ["ops@example.com"] },
};

/** A stored notification, for the calls that take a notification id. */
const storedNotification = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/events/notifications", { body: NOTIFICATION_BODY });
  return { params: { notificationId: (created.body as { id: string }).id } };
};

/** A stored email notification (its test delivers to the outbox, needing no network). */
const storedEmailNotification = async (harness: ApiHarness) => {
  const created = await harness.call("POST", "/events/notifications", { body: EMAIL_NOTIFICATION_BODY });
  return { params: { notificationId: (created.body as { id: string }).id } };
};

const INDEX_SET_BODY = {
  title: "Contract index set",
  description: "",
  index_prefix: "contract",
  shards: 1,
  replicas: 0,
  rotation_strategy_class: ROTATION_STRATEGY_CLASSES.count,
  rotation_strategy: INDEX_SET_DEFAULTS.rotation_strategy_config,
  retention_strategy_class: RETENTION_STRATEGY_CLASSES.delete,
  retention_strategy: INDEX_SET_DEFAULTS.retention_strategy_config,
  index_optimization_max_num_segments: 1,
  index_optimization_disabled: false,
  field_type_refresh_interval: 5000,
};

/** A stored index set of its own prefix, for the calls that change or remove one. */
const storedIndexSet = async (harness: ApiHarness) => {
  const prefix = `contract${crypto.randomUUID().slice(0, 8)}`;
  const created = await harness.call("POST", "/system/indices/index_sets", { body: { ...INDEX_SET_BODY, index_prefix: prefix } });
  return { params: { indexSetId: (created.body as { id: string }).id } };
};

/** An index of the default set holding a message that is no longer the write index (it may be closed or deleted). */
const filledIndex = async (harness: ApiHarness) => {
  await (harness.backend as EmbeddedBackend).messageStore.ingest([{ timestamp: Date.now(), source: "contract", message: "contract" }]);
  const deflector = await harness.call("GET", `/system/deflector/${DEFAULT_INDEX_SET_ID}`);
  await harness.call("POST", `/cluster/deflector/${DEFAULT_INDEX_SET_ID}/cycle`);
  return { params: { index: (deflector.body as { current_target: string }).current_target } };
};

/** A support bundle just built. */
const builtBundle = async (harness: ApiHarness) => {
  await harness.call("POST", "/cluster/debug/support/bundle/build");
  const [newest] = (await harness.call("GET", "/cluster/debug/support/bundle/list")).body as { file_name: string }[];
  return { params: { filename: newest.file_name } };
};

/** This node's id (the harness's node is made at start). */
const thisNode = async (harness: ApiHarness) => ({ params: { nodeId: ((await harness.call("GET", "/system")).body as { node_id: string }).node_id } });

interface ContractCase {
  /** A valid request body, also sent by the 401/403/CSRF checks so that only access decides. */
  body?: unknown;
  /** A query string for the success call, e.g. `?string=last%20hour`. */
  query?: string;
  /** Runs first; may sign in a throw-away session or change path parameters for the success call. */
  prepare?: (harness: ApiHarness) => Promise<{ cookie?: string | null; params?: Record<string, string>; body?: unknown }>;
  status: 200 | 201 | 202 | 204 | 404;
  /** Signing out: callers other than the success case use a throw-away session for it. */
  endsSession?: boolean;
  /** The zod schema the answer must parse with (z.string() for CSV); null for an empty answer. */
  schema: z.ZodType | null;
}

/** A throw-away session, so that signing out does not end the admin session other cases use. */
const freshSession = async (harness: ApiHarness) => {
  const cookie = await harness.login("admin", ADMIN_PASSWORD);
  return { cookie, params: { sessionId: cookie.split("=")[1] } };
};

/** One successful call per operation, as the admin. */
const CONTRACT: Record<string, ContractCase> = {
  "POST /system/sessions": {
    body: { username: "admin", password: ADMIN_PASSWORD },
    prepare: () => Promise.resolve({ cookie: null }),
    status: 200,
    schema: SessionResponseSchema,
  },
  "GET /system/sessions": { status: 200, schema: SessionValidationSchema },
  "DELETE /system/sessions": { prepare: freshSession, status: 204, schema: null, endsSession: true },
  "DELETE /system/sessions/{sessionId}": { prepare: freshSession, status: 204, schema: null, endsSession: true },
  "GET /": { prepare: () => Promise.resolve({ cookie: null }), status: 200, schema: PingSchema },
  "GET /system": { status: 200, schema: SystemInfoSchema },
  "GET /system/jvm": { status: 200, schema: JvmInfoSchema },
  "GET /system/locales": { status: 200, schema: LocalesSchema },
  "GET /system/cluster/nodes": { status: 200, schema: ClusterNodesSchema },
  "POST /system/metrics/multiple": {
    body: { metrics: ["org.graylog2.throughput.input.1-sec-rate", "org.graylog2.throughput.input"] },
    status: 200,
    schema: MetricsResponseSchema,
  },
  "GET /system/notifications": { status: 200, schema: NotificationsSchema },
  "DELETE /system/notifications/{notificationType}": { status: 204, schema: null },
  // The seed has no keyed notification, so the success answer of this route is covered in
  // notifications.test.ts with a spying backend; here it answers the documented 404.
  "DELETE /system/notifications/{notificationType}/{notificationKey}": { status: 404, schema: ApiErrorSchema },
  "GET /users/{username}": { status: 200, schema: UserSchema },
  "PUT /users/{username}": { body: { full_name: "Ada Admin" }, status: 204, schema: null },
  "GET /users/{username}/preferences": { status: 200, schema: PreferencesBodySchema },
  "PUT /users/{username}/preferences": { body: { preferences: { enableSmartSearch: true } }, status: 204, schema: null },
  "GET /users": { query: "?include_sessions=true", status: 200, schema: UserListSchema },
  "GET /users/paginated": { query: "?query=admin&sort=username&order=desc", status: 200, schema: UserPageSchema },
  "POST /users": { body: USER_BODY, status: 201, schema: null },
  "GET /users/id/{userId}": { prepare: storedUser, status: 200, schema: UserSchema },
  "DELETE /users/id/{userId}": { prepare: storedUser, status: 204, schema: null },
  "DELETE /users/{username}": { prepare: storedUser, status: 204, schema: null },
  "PUT /users/{username}/password": { body: { old_password: ADMIN_PASSWORD, password: ADMIN_PASSWORD }, status: 204, schema: null },
  "PUT /users/{username}/status/{status}": { prepare: storedUser, status: 204, schema: null },
  "PUT /users/{username}/permissions": { body: { permissions: [] }, status: 204, schema: null },
  "DELETE /users/{username}/permissions": { status: 204, schema: null },
  "GET /users/{username}/tokens": { status: 200, schema: AccessTokenListSchema },
  "POST /users/{username}/tokens/{token}": { body: {}, status: 200, schema: AccessTokenSchema },
  "DELETE /users/{username}/tokens/{token}": { prepare: storedToken, status: 204, schema: null },
  "GET /system/permissions": { status: 200, schema: z.object({ permissions: z.record(z.string(), z.array(z.string())) }) },
  "GET /system/permissions/reader/{username}": { status: 200, schema: z.object({ permissions: z.array(z.string()) }) },
  "GET /roles": { status: 200, schema: RoleListSchema },
  "GET /roles/{rolename}": { status: 200, schema: RoleSchema },
  "POST /roles": { body: ROLE_BODY, status: 201, schema: RoleSchema },
  "PUT /roles/{rolename}": { body: { ...ROLE_BODY, name: "Contract role renamed" }, prepare: storedRole, status: 200, schema: RoleSchema },
  "DELETE /roles/{rolename}": { prepare: storedRole, status: 204, schema: null },
  "GET /roles/{rolename}/members": { status: 200, schema: RoleMembersSchema },
  "PUT /roles/{rolename}/members/{username}": { prepare: storedRole, status: 204, schema: null },
  "DELETE /roles/{rolename}/members/{username}": { prepare: storedRole, status: 204, schema: null },
  "GET /authz/roles": { query: "?query=read&sort=description&order=desc", status: 200, schema: AuthzRolePageSchema },
  "GET /authz/roles/{roleId}": { prepare: readerRole, status: 200, schema: RoleSchema },
  "DELETE /authz/roles/{roleId}": { prepare: storedRole, status: 204, schema: null },
  "PUT /authz/roles/{roleId}/assignees": { body: ["admin"], prepare: storedRole, status: 204, schema: null },
  "DELETE /authz/roles/{roleId}/assignee/{username}": { prepare: storedRole, status: 204, schema: null },
  "GET /authz/roles/user/{username}": { status: 200, schema: RoleListSchema },
  [`GET ${TEAMS_PATH}`]: { query: "?query=contract&sort=description&order=desc", status: 200, schema: TeamPageSchema },
  [`POST ${TEAMS_PATH}`]: { body: TEAM_BODY, status: 201, schema: TeamSchema },
  [`GET ${TEAMS_PATH}/user/{userId}`]: { prepare: adminUserId, status: 200, schema: TeamListSchema },
  [`GET ${TEAMS_PATH}/{teamId}`]: { prepare: storedTeam, status: 200, schema: TeamSchema },
  [`PUT ${TEAMS_PATH}/{teamId}`]: { body: { ...TEAM_BODY, name: "Contract team renamed" }, prepare: storedTeam, status: 200, schema: TeamSchema },
  [`DELETE ${TEAMS_PATH}/{teamId}`]: { prepare: storedTeam, status: 204, schema: null },
  [`PUT ${TEAMS_PATH}/{teamId}/users`]: {
    // A static body (the 401/403/CSRF checks send it too) cannot name a stored user: the prepare step does.
    body: ["0123456789abcdef01234567"],
    prepare: async (harness) => ({ ...(await storedTeam(harness)), body: [(await adminUserId(harness)).params.userId] }),
    status: 200,
    schema: TeamSchema,
  },
  [`DELETE ${TEAMS_PATH}/{teamId}/users/{userId}`]: { prepare: storedTeam, status: 204, schema: null },
  "GET /system/authentication/services/backends": { query: "?query=contract&sort=description&order=desc", status: 200, schema: BackendPageSchema },
  "POST /system/authentication/services/backends": { body: AUTH_BACKEND_BODY, status: 200, schema: BackendAnswerSchema },
  "GET /system/authentication/services/backends/{backendId}": { prepare: storedAuthBackend, status: 200, schema: BackendAnswerSchema },
  "PUT /system/authentication/services/backends/{backendId}": { body: AUTH_BACKEND_BODY, prepare: storedAuthBackend, status: 200, schema: BackendAnswerSchema },
  "DELETE /system/authentication/services/backends/{backendId}": { prepare: storedAuthBackend, status: 204, schema: null },
  "GET /system/authentication/services/backends/{backendId}/users": { prepare: storedAuthBackend, status: 200, schema: BackendUsersSchema },
  "GET /plugins/org.graylog.plugins.security/authentication/services/group-sync/backend/{backendId}": { prepare: groupSyncedAuthBackend, status: 200, schema: GroupSyncAnswerSchema },
  "PUT /plugins/org.graylog.plugins.security/authentication/services/group-sync/backend/{backendId}": { body: GROUP_SYNC_BODY, prepare: storedAuthBackend, status: 200, schema: GroupSyncAnswerSchema },
  "DELETE /plugins/org.graylog.plugins.security/authentication/services/group-sync/backend/{backendId}": { prepare: groupSyncedAuthBackend, status: 204, schema: null },
  "GET /system/authentication/services/active-backend": { prepare: activeAuthBackend, status: 200, schema: ActiveBackendAnswerSchema },
  "GET /system/authentication/services/backends/active-backend/type": { prepare: activeAuthBackend, status: 200, schema: ActiveBackendTypeSchema },
  "GET /system/authentication/services/configuration": { status: 200, schema: GlobalAuthConfigAnswerSchema },
  "POST /system/authentication/services/configuration": { body: { active_backend: null }, status: 200, schema: GlobalAuthConfigAnswerSchema },
  "POST /system/authentication/services/test/backend/connection": { body: { backend_configuration: AUTH_BACKEND_BODY }, status: 200, schema: BackendTestResultSchema },
  "POST /system/authentication/services/test/backend/login": {
    body: { backend_configuration: AUTH_BACKEND_BODY, user_login: { username: "jane", password: { set_value: "pw" } } },
    status: 200,
    schema: BackendTestResultSchema,
  },
  "GET /system/authentication/http-header-auth-config": { status: 200, schema: HttpHeaderAuthConfigSchema },
  "PUT /system/authentication/http-header-auth-config": { body: { enabled: false, username_header: "Remote-User" }, status: 200, schema: HttpHeaderAuthConfigSchema },
  "GET /system/sessions/active": { status: 200, schema: ActiveSessionListSchema },
  "GET /authz/shares/user/{userId}": { query: "?sort=type&order=desc", prepare: adminUserId, status: 200, schema: PaginatedEntitySharesSchema },
  "POST /system/authentication/users/{userId}/enable": { prepare: storedUser, status: 204, schema: null },
  "POST /system/authentication/users/{userId}/disable": { prepare: storedUser, status: 204, schema: null },
  "GET /favorites": { status: 200, schema: FavoritesListSchema },
  "PUT /favorites/{grn}": { status: 204, schema: null },
  "DELETE /favorites/{grn}": { status: 204, schema: null },
  "GET /entitylists/preferences/{entityTableId}": { status: 200, schema: EntityListPreferencesSchema },
  "GET /system/cluster_config/{configClass}": { status: 200, schema: SearchesClusterConfigSchema },
  "PUT /system/cluster_config/{configClass}": {
    body: { ...CLUSTER_CONFIGS["org.graylog2.indexer.searches.SearchesClusterConfig"].defaults, query_time_range_limit: "P30D" },
    status: 200,
    schema: SearchesClusterConfigSchema,
  },
  "GET /system/messageprocessors/config": { status: 200, schema: MessageProcessorsConfigWithDescriptorsSchema },
  "PUT /system/messageprocessors/config": {
    body: {
      processor_order: [{ name: "Pipeline Processor", class_name: "org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter" }],
      disabled_processors: [],
    },
    status: 200,
    schema: MessageProcessorsConfigWithDescriptorsSchema,
  },
  "POST /views/search": { body: SEARCH_BODY, status: 201, schema: SearchSchema },
  "GET /views/search/{id}": { prepare: storedSearch, status: 200, schema: SearchSchema },
  "POST /views/search/{id}/execute": { body: {}, prepare: storedSearch, status: 201, schema: SearchJobSchema },
  "GET /views/search/status/{jobId}": {
    prepare: async (harness) => {
      const { params } = await storedSearch(harness);
      const executed = await harness.call("POST", `/views/search/${params.id}/execute`, { body: {} });
      return { params: { jobId: (executed.body as { id: string }).id } };
    },
    status: 200,
    schema: SearchJobSchema,
  },
  "POST /views/search/sync": { body: SEARCH_BODY, status: 200, schema: SearchJobSchema },
  "POST /search/validate": { body: { query: "source:web-01 AND http_response_code:>=500" }, status: 200, schema: ValidationResponseSchema },
  "GET /views/fields": { status: 200, schema: z.array(FieldTypeMappingSchema) },
  "POST /views/fields": { body: { timerange: { type: "relative", from: 300 } }, status: 200, schema: z.array(FieldTypeMappingSchema) },
  "POST /search/suggest": { body: { field: "source", input: "" }, status: 200, schema: SuggestResponseSchema },
  // This harness stores no messages, so the lookup answers its documented 404; search-support.test.ts covers 200.
  "GET /messages/{index}/{messageId}": { status: 404, schema: ApiErrorSchema },
  "POST /views/export": { body: { fields_in_order: ["timestamp", "message"] }, status: 200, schema: z.string() },
  "GET /search/universal/relative": { query: "?query=*&range=300", status: 200, schema: UniversalSearchResponseSchema },
  "GET /search/universal/relative/export": { query: "?query=*&range=300&fields=timestamp,message", status: 200, schema: z.string() },
  "GET /search/universal/absolute": { query: "?query=*&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z", status: 200, schema: UniversalSearchResponseSchema },
  "GET /search/universal/absolute/export": {
    query: "?query=*&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&fields=timestamp",
    status: 200,
    schema: z.string(),
  },
  "GET /search/universal/keyword": { query: "?query=*&keyword=last%20hour", status: 200, schema: UniversalSearchResponseSchema },
  "GET /search/universal/keyword/export": { query: "?query=*&keyword=last%20hour&fields=timestamp", status: 200, schema: z.string() },
  "GET /streams": { status: 200, schema: StreamsListSchema },
  "GET /streams/enabled": { status: 200, schema: StreamsListSchema },
  "GET /streams/paginated": { query: "?query=web&sort=title&order=desc", status: 200, schema: StreamPageSchema },
  "GET /streams/{streamId}": { status: 200, schema: StreamSchema },
  "POST /streams": { body: STREAM_BODY, status: 201, schema: StreamCreatedSchema },
  "PUT /streams/{streamId}": { body: { description: "changed" }, prepare: storedStream, status: 200, schema: StreamSchema },
  "DELETE /streams/{streamId}": { prepare: storedStream, status: 204, schema: null },
  "POST /streams/{streamId}/clone": { body: { title: "Contract copy" }, status: 201, schema: StreamCreatedSchema },
  "POST /streams/{streamId}/pause": { prepare: storedStream, status: 204, schema: null },
  "POST /streams/{streamId}/resume": { prepare: storedStream, status: 204, schema: null },
  "POST /streams/bulk_delete": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkOperationResponseSchema },
  "POST /streams/bulk_pause": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkOperationResponseSchema },
  "POST /streams/bulk_resume": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkOperationResponseSchema },
  "GET /streams/{streamId}/rules": { status: 200, schema: StreamRuleListSchema },
  "GET /streams/{streamId}/rules/{ruleId}": { prepare: storedStream, status: 200, schema: StreamRuleSchema },
  "POST /streams/{streamId}/rules": { body: RULE_BODY, prepare: storedStream, status: 201, schema: StreamRuleCreatedSchema },
  "PUT /streams/{streamId}/rules/{ruleId}": { body: RULE_BODY, prepare: storedStream, status: 200, schema: StreamRuleCreatedSchema },
  "DELETE /streams/{streamId}/rules/{ruleId}": { prepare: storedStream, status: 204, schema: null },
  "GET /streams/{streamId}/rules/types": { status: 200, schema: z.array(StreamRuleTypeInfoSchema) },
  "PUT /streams/indexSet/{indexSetId}": { body: ["5f0c1e5a0000000000000101"], status: 200, schema: null },
  "GET /streams/{streamId}/alarmcallbacks": { status: 200, schema: AlarmCallbackListSchema },
  "GET /streams/{streamId}/alarmcallbacks/available": { status: 200, schema: AvailableAlarmCallbacksSchema },
  "GET /streams/{streamId}/alarmcallbacks/{alarmCallbackId}": { status: 404, schema: ApiErrorSchema },
  "DELETE /streams/{streamId}/alarmcallbacks/{alarmCallbackId}": { status: 404, schema: ApiErrorSchema },
  "GET /streams/{streamId}/alerts/{alertId}/history": { status: 200, schema: AlarmCallbackHistoryListSchema },
  "GET /alerts/callbacks": { status: 200, schema: AlarmCallbackListSchema },
  "GET /alerts/callbacks/types": { status: 200, schema: AvailableAlarmCallbacksSchema },
  "POST /alerts/callbacks/{alarmCallbackId}/test": { status: 404, schema: ApiErrorSchema },
  "POST /events/search": { body: { timerange: { type: "relative", range: 3600 } }, status: 200, schema: EventsSearchResultSchema },
  "GET /events/definitions": { status: 200, schema: EventDefinitionListSchema },
  "GET /events/definitions/{definitionId}": {
    prepare: () => Promise.resolve({ params: { definitionId: SEED_EVENT_DEFINITIONS[0].id } }),
    status: 200,
    schema: EventDefinitionSchema,
  },
  "GET /events/definitions/paginated": { query: "?query=ssh&sort=title&order=desc", status: 200, schema: EventDefinitionPageSchema },
  "POST /events/definitions": { body: paymentsDefinition(), status: 200, schema: EventDefinitionSchema },
  "PUT /events/definitions/{definitionId}": { body: paymentsDefinition(), prepare: storedDefinition, status: 200, schema: EventDefinitionSchema },
  "DELETE /events/definitions/{definitionId}": { prepare: storedDefinition, status: 204, schema: null },
  "PUT /events/definitions/{definitionId}/schedule": { prepare: storedDefinition, status: 204, schema: null },
  "PUT /events/definitions/{definitionId}/unschedule": { prepare: storedDefinition, status: 204, schema: null },
  "POST /events/definitions/{definitionId}/execute": {
    body: { timerange: { type: "absolute", from: "2026-01-01T00:00:00Z", to: "2026-01-01T01:00:00Z" } },
    prepare: storedDefinition,
    status: 204,
    schema: null,
  },
  "POST /events/definitions/bulk_delete": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkOperationResponseSchema },
  "POST /events/definitions/bulk_schedule": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkOperationResponseSchema },
  "POST /events/definitions/bulk_unschedule": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkOperationResponseSchema },
  "GET /events/notifications": { status: 200, schema: EventNotificationListSchema },
  "GET /events/notifications/paginated": { query: "?query=pager&sort=title", status: 200, schema: EventNotificationPageSchema },
  "GET /events/notifications/outbox": { status: 200, schema: OutboxListSchema },
  "GET /events/notifications/{notificationId}": { prepare: storedNotification, status: 200, schema: EventNotificationSchema },
  "GET /events/notifications/{notificationId}/deliveries": { prepare: storedNotification, status: 200, schema: NotificationDeliveryListSchema },
  "POST /events/notifications": { body: NOTIFICATION_BODY, status: 200, schema: EventNotificationSchema },
  "PUT /events/notifications/{notificationId}": { body: NOTIFICATION_BODY, prepare: storedNotification, status: 200, schema: EventNotificationSchema },
  "DELETE /events/notifications/{notificationId}": { prepare: storedNotification, status: 204, schema: null },
  "POST /events/notifications/test": { body: EMAIL_NOTIFICATION_BODY, status: 204, schema: null },
  "POST /events/notifications/{notificationId}/test": { prepare: storedEmailNotification, status: 204, schema: null },
  "POST /events/notifications/bulk_delete": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkOperationResponseSchema },
  "GET /search/decorators": { status: 200, schema: DecoratorListSchema },
  "GET /search/decorators/available": { status: 200, schema: AvailableDecoratorsSchema },
  "POST /search/decorators": { body: DECORATOR_BODY, status: 200, schema: DecoratorSchema },
  "PUT /search/decorators/{id}": { body: DECORATOR_BODY, prepare: storedDecorator, status: 200, schema: DecoratorSchema },
  "DELETE /search/decorators/{id}": { prepare: storedDecorator, status: 204, schema: null },
  "GET /system/lookup/tables": { query: "?resolve=true&sort=name&order=asc", status: 200, schema: LookupTablePageSchema },
  "POST /system/lookup/tables": { body: LOOKUP_TABLE_BODY, prepare: async (h) => ({ body: await lookupTableBody(h) }), status: 200, schema: LookupTableSchema },
  "POST /system/lookup/tables/validate": { body: LOOKUP_TABLE_BODY, status: 200, schema: ValidationResultSchema },
  "GET /system/lookup/tables/{idOrName}": { prepare: async () => ({ params: { idOrName: "country-names" } }), query: "?resolve=true", status: 200, schema: LookupTablePageSchema },
  "PUT /system/lookup/tables/{idOrName}": { body: LOOKUP_TABLE_BODY, prepare: storedLookup("tables"), status: 200, schema: LookupTableSchema },
  "DELETE /system/lookup/tables/{idOrName}": { prepare: storedLookup("tables"), status: 200, schema: LookupTableSchema },
  "GET /system/lookup/tables/{idOrName}/query": { prepare: async () => ({ params: { idOrName: "country-names" } }), query: "?key=FR", status: 200, schema: LookupResultSchema },
  "POST /system/lookup/tables/{idOrName}/purge": { prepare: async () => ({ params: { idOrName: "country-names" } }), query: "?key=FR", status: 204, schema: null },
  "GET /system/lookup/caches": { query: "?query=shipped", status: 200, schema: LookupCachePageSchema },
  "POST /system/lookup/caches": { body: LOOKUP_CACHE_BODY, status: 200, schema: LookupCacheSchema },
  "POST /system/lookup/caches/validate": { body: LOOKUP_CACHE_BODY, status: 200, schema: ValidationResultSchema },
  "GET /system/lookup/caches/{idOrName}": { prepare: async () => ({ params: { idOrName: "shipped-tables-cache" } }), status: 200, schema: LookupCacheSchema },
  "PUT /system/lookup/caches/{idOrName}": { body: LOOKUP_CACHE_BODY, prepare: storedLookup("caches"), status: 200, schema: LookupCacheSchema },
  "DELETE /system/lookup/caches/{idOrName}": { prepare: storedLookup("caches"), status: 200, schema: LookupCacheSchema },
  "GET /system/lookup/adapters": { query: "?sort=title", status: 200, schema: LookupDataAdapterPageSchema },
  "POST /system/lookup/adapters": { body: LOOKUP_ADAPTER_BODY, status: 200, schema: LookupDataAdapterSchema },
  "POST /system/lookup/adapters/validate": { body: LOOKUP_ADAPTER_BODY, status: 200, schema: ValidationResultSchema },
  "GET /system/lookup/adapters/{idOrName}": { prepare: async () => ({ params: { idOrName: "country-names-csv" } }), status: 200, schema: LookupDataAdapterSchema },
  "PUT /system/lookup/adapters/{idOrName}": { body: LOOKUP_ADAPTER_BODY, prepare: storedLookup("adapters"), status: 200, schema: LookupDataAdapterSchema },
  "DELETE /system/lookup/adapters/{idOrName}": { prepare: storedLookup("adapters"), status: 200, schema: LookupDataAdapterSchema },
  "GET /system/lookup/adapters/{idOrName}/query": { prepare: async () => ({ params: { idOrName: "country-names-csv" } }), query: "?key=FR", status: 200, schema: LookupResultSchema },
  "POST /system/lookup/errorstates": { body: { tables: ["country-names"], data_adapters: [], caches: [] }, status: 200, schema: ErrorStatesSchema },
  "GET /system/lookup/types/adapters": { status: 200, schema: LookupTypesSchema },
  "GET /system/lookup/types/caches": { status: 200, schema: LookupTypesSchema },
  "GET /system/pipelines/rule": { status: 200, schema: z.array(RuleSourceSchema) },
  "POST /system/pipelines/rule": { body: PIPELINE_RULE_BODY, prepare: async () => ({ body: uniqueRuleBody() }), status: 200, schema: RuleSourceSchema },
  "POST /system/pipelines/rule/parse": { body: PIPELINE_RULE_BODY, status: 200, schema: RuleSourceSchema },
  "GET /system/pipelines/rule/functions": { status: 200, schema: z.array(FunctionDescriptorSchema) },
  "GET /system/pipelines/rule/counters": { status: 200, schema: z.array(RuleCounterEntrySchema) },
  "GET /system/pipelines/rule/{id}": { prepare: storedRule, status: 200, schema: RuleSourceSchema },
  "PUT /system/pipelines/rule/{id}": { body: PIPELINE_RULE_BODY, prepare: storedRuleWithNewName, status: 200, schema: RuleSourceSchema },
  "DELETE /system/pipelines/rule/{id}": { prepare: storedRule, status: 204, schema: null },
  "GET /system/pipelines/pipeline": { status: 200, schema: z.array(PipelineSourceSchema) },
  "POST /system/pipelines/pipeline": { body: PIPELINE_BODY, status: 200, schema: PipelineSourceSchema },
  "POST /system/pipelines/pipeline/parse": { body: PIPELINE_BODY, status: 200, schema: PipelineSourceSchema },
  "GET /system/pipelines/pipeline/{id}": { prepare: storedPipeline, status: 200, schema: PipelineSourceSchema },
  "PUT /system/pipelines/pipeline/{id}": { body: PIPELINE_BODY, prepare: storedPipeline, status: 200, schema: PipelineSourceSchema },
  "DELETE /system/pipelines/pipeline/{id}": { prepare: storedPipeline, status: 204, schema: null },
  "GET /system/pipelines/connections": { status: 200, schema: z.array(PipelineConnectionsSchema) },
  "GET /system/pipelines/connections/{streamId}": { prepare: connectedStream, status: 200, schema: PipelineConnectionsSchema },
  "POST /system/pipelines/connections/to_stream": { body: { stream_id: DEFAULT_STREAM_ID, pipeline_ids: [] }, status: 200, schema: PipelineConnectionsSchema },
  "POST /system/pipelines/connections/to_pipeline": {
    body: { pipeline_id: "0123456789abcdef01234567", stream_ids: [] },
    prepare: async (h) => {
      const { params } = await storedPipeline(h);
      return { body: { pipeline_id: params.id, stream_ids: [DEFAULT_STREAM_ID] } };
    },
    status: 200,
    schema: z.array(PipelineConnectionsSchema),
  },
  "POST /system/pipelines/simulate": { body: { stream_id: DEFAULT_STREAM_ID, message: { message: "hello", source: "contract" } }, status: 200, schema: SimulationResponseSchema },
  "GET /system/grok": { status: 200, schema: GrokPatternListSchema },
  "GET /system/grok/paginated": { query: "?query=mac&sort=name&order=desc", status: 200, schema: GrokPatternPageSchema },
  "GET /system/grok/{patternId}": { prepare: storedGrokPattern, status: 200, schema: GrokPatternSchema },
  "POST /system/grok": { body: GROK_BODY, status: 201, schema: GrokPatternSchema },
  "PUT /system/grok": { body: { patterns: [{ name: "CONTRACT_IMPORTED", pattern: "%{WORD}" }] }, status: 202, schema: null },
  "POST /system/grok/test": { body: { grok_pattern: GROK_BODY, sample_data: "status=200" }, status: 200, schema: GrokPatternTestResultSchema },
  "PUT /system/grok/{patternId}": { body: { name: "CONTRACT_CHANGED", pattern: "%{WORD}" }, prepare: storedGrokPattern, status: 200, schema: GrokPatternSchema },
  "DELETE /system/grok/{patternId}": { prepare: storedGrokPattern, status: 204, schema: null },
  "GET /system/catalog": { status: 200, schema: CatalogIndexSchema },
  "GET /sidecars/all": { prepare: registeredSidecar, status: 200, schema: SidecarListSchema },
  "GET /sidecars": { query: "?only_active=true&sort=node_name&order=desc", prepare: registeredSidecar, status: 200, schema: SidecarListSchema },
  "GET /sidecars/{sidecarId}": { prepare: registeredSidecar, status: 200, schema: SidecarSummarySchema },
  "PUT /sidecars/{sidecarId}": { body: SIDECAR_REGISTRATION, status: 202, schema: RegistrationResponseSchema },
  "PUT /sidecars/configurations": {
    body: { nodes: [{ node_id: "contract-sidecar", assignments: [] }] },
    prepare: async (harness) => {
      await registeredSidecar(harness);
      const { params, collectorId } = await storedSidecarConfiguration(harness);
      return { body: { nodes: [{ node_id: "contract-sidecar", assignments: [{ collector_id: collectorId, configuration_id: params.id }] }] } };
    },
    status: 202,
    schema: null,
  },
  "POST /sidecar/administration": { body: { page: 1, per_page: 10, filters: { os: "linux" } }, prepare: registeredSidecar, status: 200, schema: SidecarListSchema },
  "PUT /sidecar/administration/action": {
    body: { action: "restart", collectors: [{ sidecar_id: "contract-sidecar", collector_ids: ["0123456789abcdef01234567"] }] },
    prepare: registeredSidecar,
    status: 202,
    schema: null,
  },
  "GET /sidecar/collectors": { status: 200, schema: CollectorListSchema },
  "GET /sidecar/collectors/{id}": { prepare: storedCollector, status: 200, schema: CollectorSchema },
  "POST /sidecar/collectors": {
    body: COLLECTOR_BODY,
    prepare: () => Promise.resolve({ body: { ...COLLECTOR_BODY, name: `contract-${crypto.randomUUID().slice(0, 8)}` } }),
    status: 200,
    schema: CollectorSchema,
  },
  "PUT /sidecar/collectors/{id}": {
    body: COLLECTOR_BODY,
    prepare: async (harness) => ({ ...await storedCollector(harness), body: { ...COLLECTOR_BODY, name: `contract-${crypto.randomUUID().slice(0, 8)}` } }),
    status: 200,
    schema: CollectorSchema,
  },
  "DELETE /sidecar/collectors/{id}": { prepare: storedCollector, status: 204, schema: null },
  "GET /sidecar/configurations": { status: 200, schema: SidecarConfigurationListSchema },
  "GET /sidecar/configurations/{id}": { prepare: storedSidecarConfiguration, status: 200, schema: SidecarConfigurationSchema },
  "GET /sidecar/configurations/render/{sidecarId}/{id}": {
    prepare: async (harness) => ({ params: { ...(await storedSidecarConfiguration(harness)).params, ...(await registeredSidecar(harness)).params } }),
    status: 200,
    schema: SidecarConfigurationSchema,
  },
  "POST /sidecar/configurations": {
    body: configurationBody("0123456789abcdef01234567"),
    prepare: async (harness) => ({ body: configurationBody((await storedCollector(harness)).params.id) }),
    status: 200,
    schema: SidecarConfigurationSchema,
  },
  "PUT /sidecar/configurations/{id}": {
    body: configurationBody("0123456789abcdef01234567"),
    prepare: async (harness) => {
      const { params, collectorId } = await storedSidecarConfiguration(harness);
      return { params, body: configurationBody(collectorId) };
    },
    status: 200,
    schema: SidecarConfigurationSchema,
  },
  "DELETE /sidecar/configurations/{id}": { prepare: async (harness) => ({ params: (await storedSidecarConfiguration(harness)).params }), status: 204, schema: null },
  "POST /system/catalog": {
    body: { entities: [{ id: "0123456789abcdef01234567", type: { name: "grok_pattern", version: "1" } }] },
    prepare: async (harness) => {
      const { params } = await storedGrokPattern(harness);
      return { body: { entities: [{ id: params.patternId, type: { name: "grok_pattern", version: "1" } }] } };
    },
    status: 200,
    schema: CatalogResolveResponseSchema,
  },
  "GET /system/content_packs": { prepare: storedContentPack, status: 200, schema: ContentPackListSchema },
  "GET /system/content_packs/latest": { prepare: storedContentPack, status: 200, schema: ContentPackListSchema },
  "POST /system/content_packs": { body: contentPackBody(), prepare: () => Promise.resolve({ body: contentPackBody() }), status: 201, schema: ContentPackSchema },
  "GET /system/content_packs/{contentPackId}": { prepare: storedContentPack, status: 200, schema: ContentPackRevisionsSchema },
  "GET /system/content_packs/{contentPackId}/{revision}": { prepare: storedContentPack, status: 200, schema: ContentPackResponseSchema },
  "GET /system/content_packs/{contentPackId}/{revision}/download": { prepare: storedContentPack, status: 200, schema: ContentPackSchema },
  "DELETE /system/content_packs/{contentPackId}": { prepare: storedContentPack, status: 204, schema: null },
  "DELETE /system/content_packs/{contentPackId}/{revision}": { prepare: storedContentPack, status: 204, schema: null },
  "POST /system/content_packs/{contentPackId}/{revision}/installations": {
    body: { parameters: {}, comment: "contract" },
    prepare: storedContentPack,
    status: 200,
    schema: ContentPackInstallationSchema,
  },
  "GET /system/content_packs/{contentPackId}/installations": { prepare: installedContentPack, status: 200, schema: ContentPackInstallationsSchema },
  "GET /system/content_packs/{contentPackId}/installations/{installationId}/uninstall_details": {
    prepare: installedContentPack,
    status: 200,
    schema: ContentPackUninstallDetailsSchema,
  },
  "DELETE /system/content_packs/{contentPackId}/installations/{installationId}": {
    prepare: installedContentPack,
    status: 200,
    schema: ContentPackUninstallationSchema,
  },
  "GET /system/inputs/types": { status: 200, schema: InputTypesSummarySchema },
  "GET /system/inputs/types/all": { status: 200, schema: InputTypeInfoMapSchema },
  "GET /system/inputs/types/{inputType}": { status: 200, schema: InputTypeInfoSchema },
  "GET /system/inputs": { status: 200, schema: InputsListSchema },
  "GET /system/inputs/{inputId}": { prepare: storedInput, status: 200, schema: InputSummarySchema },
  "POST /system/inputs": { body: INPUT_BODY, status: 201, schema: InputCreatedSchema },
  "PUT /system/inputs/{inputId}": { body: INPUT_BODY, prepare: storedInput, status: 201, schema: InputCreatedSchema },
  "DELETE /system/inputs/{inputId}": { prepare: storedInput, status: 204, schema: null },
  "POST /system/inputs/{inputId}/staticfields": { body: { key: "contract", value: "yes" }, prepare: storedInput, status: 201, schema: null },
  "DELETE /system/inputs/{inputId}/staticfields/{key}": { prepare: storedInput, status: 204, schema: null },
  "GET /system/inputstates": { status: 200, schema: InputStatesListSchema },
  "GET /system/inputstates/{inputId}": { prepare: storedInput, status: 200, schema: InputStateSummarySchema },
  "PUT /system/inputstates/{inputId}": { prepare: storedInput, status: 200, schema: InputCreatedSchema },
  "DELETE /system/inputstates/{inputId}": { prepare: storedInput, status: 200, schema: InputCreatedSchema },
  "GET /system/inputs/{inputId}/extractors": { prepare: storedInput, status: 200, schema: ExtractorSummaryListSchema },
  "POST /system/inputs/{inputId}/extractors": { body: EXTRACTOR_BODY, prepare: storedInput, status: 201, schema: ExtractorCreatedSchema },
  "GET /system/inputs/{inputId}/extractors/{extractorId}": { prepare: storedExtractor, status: 200, schema: ExtractorSummarySchema },
  "PUT /system/inputs/{inputId}/extractors/{extractorId}": { body: EXTRACTOR_BODY, prepare: storedExtractor, status: 200, schema: ExtractorSummarySchema },
  "DELETE /system/inputs/{inputId}/extractors/{extractorId}": { prepare: storedExtractor, status: 204, schema: null },
  "POST /system/inputs/{inputId}/extractors/order": { body: { order: { "0": "0123456789abcdef01234567" } }, prepare: storedInput, status: 204, schema: null },
  "GET /system/outputs": { status: 200, schema: OutputListSchema },
  "GET /system/outputs/available": { status: 200, schema: AvailableOutputsSchema },
  "POST /system/outputs": { body: OUTPUT_BODY, status: 201, schema: OutputSummarySchema },
  "GET /system/outputs/{outputId}": { prepare: storedOutput, status: 200, schema: OutputSummarySchema },
  "PUT /system/outputs/{outputId}": { body: { title: "Contract output changed" }, prepare: storedOutput, status: 200, schema: OutputSummarySchema },
  "DELETE /system/outputs/{outputId}": { prepare: storedOutput, status: 204, schema: null },
  "GET /streams/{streamId}/outputs": { prepare: storedOutput, status: 200, schema: OutputListSchema },
  "POST /streams/{streamId}/outputs": { body: { outputs: [] }, prepare: storedOutputToAttach, status: 202, schema: null },
  "DELETE /streams/{streamId}/outputs/{outputId}": { prepare: storedOutput, status: 204, schema: null },
  "POST /tools/grok_tester": { body: { pattern: "status=%{INT:status}", string: "status=200" }, status: 200, schema: GrokTesterResponseSchema },
  "POST /tools/json_tester": { body: { string: '{"a":1}' }, status: 200, schema: JsonTesterResponseSchema },
  "POST /tools/regex_tester": { body: { regex: "(\\d+)", string: "status=200" }, status: 200, schema: RegexTesterResponseSchema },
  "GET /tools/regex_tester/validate": { query: "?regex=a%2B", status: 200, schema: RegexValidationResponseSchema },
  "POST /tools/regex_replace_tester": { body: { regex: "\\d", replacement: "x", string: "a1" }, status: 200, schema: RegexReplaceTesterResponseSchema },
  "POST /tools/split_and_index_tester": { body: { split_by: " ", index: 1, string: "a b" }, status: 200, schema: CutTesterResponseSchema },
  "POST /tools/substring_tester": { body: { start: 0, end: 1, string: "ab" }, status: 200, schema: CutTesterResponseSchema },
  "POST /tools/contains_string_tester": { body: { search_string: "b", string: "ab" }, status: 200, schema: ContainsStringTesterResponseSchema },
  "POST /tools/lookup_table_tester": { body: { lookup_table_name: "http-status-phrases", string: "404" }, status: 200, schema: LookupTableTesterResponseSchema },
  "GET /cluster/inputstates": { status: 200, schema: ClusterInputStatesSchema },
  "PUT /cluster/inputstates/{inputId}": { prepare: storedInput, status: 200, schema: ClusterInputStateChangeSchema },
  "DELETE /cluster/inputstates/{inputId}": { prepare: storedInput, status: 200, schema: ClusterInputStateChangeSchema },
  "GET /system/indices/index_sets": { query: "?stats=true", status: 200, schema: IndexSetListSchema },
  "GET /system/indices/index_sets/stats": { status: 200, schema: IndexSetStatsSchema },
  "GET /system/indices/index_sets/{indexSetId}": { status: 200, schema: IndexSetSchema },
  "GET /system/indices/index_sets/{indexSetId}/stats": { status: 200, schema: IndexSetStatsSchema },
  "POST /system/indices/index_sets": { body: INDEX_SET_BODY, status: 200, schema: IndexSetSchema },
  "PUT /system/indices/index_sets/{indexSetId}": { body: INDEX_SET_BODY, prepare: storedIndexSet, status: 200, schema: IndexSetSchema },
  "DELETE /system/indices/index_sets/{indexSetId}": { prepare: storedIndexSet, status: 204, schema: null },
  "PUT /system/indices/index_sets/{indexSetId}/default": { status: 200, schema: IndexSetSchema },
  "PUT /system/indices/index_set_defaults": { body: INDEX_SET_DEFAULTS, status: 204, schema: null },
  "GET /system/indexer/overview/{indexSetId}": { status: 200, schema: IndexerOverviewSchema },
  "GET /system/indexer/cluster/health": { status: 200, schema: ClusterHealthSchema },
  "GET /system/indexer/cluster/name": { status: 200, schema: ClusterNameSchema },
  "GET /system/indexer/indices/{index}": { prepare: filledIndex, status: 200, schema: IndexInfoSchema },
  "POST /system/indexer/indices/multiple": { body: { indices: ["graylog_0"] }, status: 200, schema: z.record(z.string(), IndexInfoSchema) },
  "GET /system/indexer/indices/open": { status: 200, schema: IndexListSchema },
  "GET /system/indexer/indices/closed": { status: 200, schema: ClosedIndicesSchema },
  "GET /system/indexer/indices/{indexSetId}/list": { status: 200, schema: IndexListSchema },
  "POST /system/indexer/indices/{index}/close": { prepare: filledIndex, status: 204, schema: null },
  "POST /system/indexer/indices/{index}/reopen": { prepare: filledIndex, status: 204, schema: null },
  "DELETE /system/indexer/indices/{index}": { prepare: filledIndex, status: 204, schema: null },
  "GET /system/cluster/node": { status: 200, schema: ClusterNodeSchema },
  "GET /system/cluster/nodes/{nodeId}": { prepare: thisNode, status: 200, schema: ClusterNodeSchema },
  "GET /cluster": { status: 200, schema: ClusterSystemSchema },
  "GET /cluster/{nodeId}/system": { prepare: thisNode, status: 200, schema: SystemInfoSchema },
  "GET /cluster/jvm": { status: 200, schema: ClusterJvmSchema },
  "GET /cluster/{nodeId}/jvm": { prepare: thisNode, status: 200, schema: JvmInfoSchema },
  "GET /system/threaddump": { status: 200, schema: ThreadDumpSchema },
  "GET /cluster/{nodeId}/threaddump": { prepare: thisNode, status: 200, schema: ThreadDumpSchema },
  "GET /system/processbufferdump": { status: 200, schema: ProcessBufferDumpSchema },
  "GET /cluster/{nodeId}/processbufferdump": { prepare: thisNode, status: 200, schema: ProcessBufferDumpSchema },
  "GET /system/buffers": { status: 200, schema: BuffersSchema },
  "GET /system/throughput": { status: 200, schema: ThroughputSchema },
  "GET /system/metrics/names": { status: 200, schema: MetricNamesSchema },
  "GET /system/metrics/namespace/{namespace}": { status: 200, schema: MetricsResponseSchema },
  "GET /system/metrics/{metricName}": { status: 200, schema: MetricValueSchema },
  "POST /cluster/metrics/multiple": { body: { metrics: ["org.graylog2.throughput.input"] }, status: 200, schema: ClusterMetricsResponseSchema },
  "POST /cluster/{nodeId}/metrics/multiple": { body: { metrics: ["org.graylog2.throughput.input"] }, prepare: thisNode, status: 200, schema: MetricsResponseSchema },
  "GET /cluster/{nodeId}/metrics/names": { prepare: thisNode, status: 200, schema: MetricNamesSchema },
  "GET /cluster/{nodeId}/metrics/namespace/{namespace}": { prepare: thisNode, status: 200, schema: MetricsResponseSchema },
  "GET /system/indexer/failures": { query: "?limit=10&offset=0", status: 200, schema: IndexFailuresSchema },
  "GET /system/indexer/failures/count": { query: "?since=2026-01-01T00:00:00Z", status: 200, schema: FailureCountSchema },
  "GET /system/indices/ranges": { status: 200, schema: IndexRangesSchema },
  "GET /system/indices/ranges/{index}": { prepare: filledIndex, status: 200, schema: IndexRangeSchema },
  "POST /system/indices/ranges/rebuild": { status: 202, schema: null },
  "POST /system/indices/ranges/index_set/{indexSetId}/rebuild": { status: 202, schema: null },
  "POST /system/indices/ranges/{index}/rebuild": { prepare: filledIndex, status: 202, schema: null },
  "GET /system/deflector/{indexSetId}": { status: 200, schema: DeflectorSummarySchema },
  "POST /cluster/deflector/{indexSetId}/cycle": { status: 204, schema: null },
  "POST /system/deflector/{indexSetId}/cycle": { status: 204, schema: null },
  "GET /count/total": { status: 200, schema: CountSchema },
  "GET /count/{indexSetId}/total": { status: 200, schema: CountSchema },
  "GET /system/urlwhitelist": { status: 200, schema: UrlWhitelistSchema },
  "PUT /system/urlwhitelist": { body: { disabled: false, entries: [{ id: "e1", title: "Example", value: "https://example.com/", type: "literal" }] }, status: 204, schema: null },
  "POST /system/urlwhitelist/check": { body: { url: "https://example.com/" }, status: 200, schema: WhitelistCheckResponseSchema },
  "POST /system/urlwhitelist/generate_regex": { body: { url_template: "https://example.com/${key}", placeholder: "${key}" }, status: 200, schema: WhitelistRegexGenerationResponseSchema },
  "GET /system/loggers": { status: 200, schema: LoggersSchema },
  "GET /system/loggers/subsystems": { status: 200, schema: SubsystemsSchema },
  "PUT /system/loggers/subsystems/{subsystem}/level/{level}": { status: 204, schema: null },
  "PUT /system/loggers/{loggerName}/level/{level}": { status: 204, schema: null },
  "GET /system/loggers/messages/recent": { query: "?limit=10", status: 200, schema: RecentLogMessagesSchema },
  "GET /cluster/system/loggers": { status: 200, schema: ClusterLoggersSchema },
  "GET /cluster/system/loggers/subsystems": { status: 200, schema: ClusterSubsystemsSchema },
  "PUT /cluster/system/loggers/{nodeId}/subsystems/{subsystem}/level/{level}": { prepare: thisNode, status: 204, schema: null },
  "GET /system/metrics": { status: 200, schema: MetricRegistryDumpSchema },
  "GET /system/cluster_config": { status: 200, schema: z.object({ total: z.number().int(), classes: z.array(z.string()) }) },
  "GET /system/plugins": { status: 200, schema: z.object({ plugins: z.array(z.object({ unique_id: z.string() })), total: z.number().int() }) },
  "POST /cluster/debug/support/bundle/build": { status: 202, schema: null },
  "GET /cluster/debug/support/bundle/list": { status: 200, schema: BundleFilesSchema },
  "GET /cluster/debug/support/bundle/download/{filename}": { prepare: builtBundle, status: 200, schema: z.string() },
  "DELETE /cluster/debug/support/bundle/{filename}": { prepare: builtBundle, status: 202, schema: null },
  "GET /system/stats": { status: 200, schema: SystemStatsSchema },
  "GET /system/stats/fs": { status: 200, schema: FsStatsSchema },
  "GET /system/stats/jvm": { status: 200, schema: JvmStatsSchema },
  "GET /system/stats/network": { status: 200, schema: NetworkStatsSchema },
  "GET /system/stats/os": { status: 200, schema: OsStatsSchema },
  "GET /system/stats/process": { status: 200, schema: ProcessStatsSchema },
  "GET /system/serviceManager": { status: 200, schema: ServiceManagerStatusSchema },
  "GET /system/searchVersion/satisfiesVersion/{distribution}": { query: "?version=%3E%3D2.0", status: 200, schema: SatisfiesVersionSchema },
  "GET /system/jobs": { status: 200, schema: SystemJobListSchema },
  "GET /cluster/jobs": { status: 200, schema: ClusterJobsSchema },
  "GET /system/jobs/{jobId}": { status: 404, schema: ApiErrorSchema },
  "POST /system/jobs": { body: { job_name: "org.graylog2.indexer.ranges.RebuildIndexRangesJob" }, status: 202, schema: JobTriggeredSchema },
  "DELETE /system/jobs/{jobId}": { status: 404, schema: ApiErrorSchema },
  "DELETE /system/jobs/acknowledge/{jobId}": { status: 404, schema: ApiErrorSchema },
  "GET /system/messages": { query: "?page=1", status: 200, schema: SystemMessagesPageSchema },
  "PUT /system/processing/pause": { status: 204, schema: null },
  "PUT /system/processing/resume": { status: 204, schema: null },
  "POST /cluster/{nodeId}/processing/pause": { prepare: thisNode, status: 204, schema: null },
  "POST /cluster/{nodeId}/processing/resume": { prepare: thisNode, status: 204, schema: null },
  "GET /system/processing/status": { status: 200, schema: ProcessingStatusSummarySchema },
  "GET /system/processing/status/persisted": { prepare: async (harness) => {
    await harness.call("PUT", "/system/processing/resume");
    await harness.call("PUT", "/system/processing/pause");
    await harness.call("PUT", "/system/processing/resume");
    return {};
  }, status: 200, schema: ProcessingStatusSummarySchema },
  "POST /streams/{streamId}/testMatch": { body: { message: { source: "web-01", http_method: "GET" } }, status: 200, schema: StreamTestMatchResponseSchema },
  "GET /system/tools/natural_date_tester": { query: "?string=last%20five%20minutes&timezone=Europe%2FBerlin", status: 200, schema: NaturalDateSchema },
  "GET /views": { status: 200, schema: ViewListSchema },
  "GET /search/saved": { query: "?query=contract&sort=created_at&order=desc", status: 200, schema: ViewListSchema },
  "POST /views/forValue": { body: {}, status: 200, schema: z.array(ViewParameterSummarySchema) },
  "GET /dashboards": { query: "?query=contract&sort=title&order=asc", status: 200, schema: ViewListSchema },
  "POST /views": { body: VIEW_BODY, prepare: viewSearch, status: 200, schema: ViewSchema },
  "GET /views/functions": { status: 200, schema: SeriesFunctionsSchema },
  "POST /views/bulk_delete": { body: { entity_ids: ["0123456789abcdef01234567"] }, status: 200, schema: BulkDeleteResultSchema },
  "GET /views/{id}": { prepare: storedView, status: 200, schema: ViewSchema },
  "PUT /views/{id}": { body: VIEW_BODY, prepare: storedView, status: 200, schema: ViewSchema },
  "DELETE /views/{id}": { prepare: storedView, status: 200, schema: ViewSchema },
  "PUT /views/{id}/default": { prepare: storedView, status: 204, schema: null },
  "POST /authz/shares/entities/{grn}/prepare": { body: {}, prepare: sharedViewGrn, status: 200, schema: EntityShareResponseSchema },
  "POST /authz/shares/entities/{grn}": {
    // A static body (the 401/403/CSRF checks send it too) cannot name the admin's grantee GRN: Everyone owns.
    body: { selected_grantee_capabilities: { "grn::::builtin-team:everyone": "own" } },
    prepare: sharedViewGrn,
    status: 200,
    schema: EntityShareResponseSchema,
  },
  "POST /entitylists/preferences/{entityTableId}": {
    body: { displayed_attributes: ["title"], per_page: 20 },
    status: 204,
    schema: null,
  },
  "GET /system/cluster/stats/elasticsearch": { status: 200, schema: ElasticsearchStatsSchema },
  "POST /views/search/metadata": { body: SEARCH_BODY, status: 200, schema: SearchMetadataSchema },
  "POST /search/messages": { body: { query: "*", fields: ["source"] }, status: 200, schema: TabularResponseSchema },
  "GET /search/messages": { query: "?query=*&fields=source,message&size=5", status: 200, schema: TabularResponseSchema },
  "POST /search/aggregate": { body: { group_by: [{ field: "source" }], metrics: [{ function: "count" }] }, status: 200, schema: TabularResponseSchema },
  "GET /search/aggregate": { query: "?groups=source&metrics=count:", status: 200, schema: TabularResponseSchema },
  "POST /search/mapdata": { body: { fields: ["client_ip_geolocation"] }, status: 200, schema: MapDataSearchResultSchema },
  "GET /views/search/metadata/{id}": { prepare: storedSearch, status: 200, schema: SearchMetadataSchema },
  "POST /views/search/messages": { body: { fields_in_order: ["timestamp", "message"] }, status: 200, schema: z.string() },
  "POST /views/search/messages/{searchId}": { body: { fields_in_order: ["timestamp"] }, prepare: exportableSearch, status: 200, schema: z.string() },
  "POST /views/search/messages/{searchId}/{searchTypeId}": { body: {}, prepare: exportableSearch, status: 200, schema: z.string() },
  "GET /views/search/messages/job/{exportJobId}/{filename}": { prepare: exportJob, status: 200, schema: z.string() },
  "POST /views/export/{searchId}": { body: { limit: 10 }, prepare: exportableSearch, status: 200, schema: ExportJobIdSchema },
  "POST /views/export/{searchId}/{searchTypeId}": { body: {}, prepare: exportableSearch, status: 200, schema: ExportJobIdSchema },
  "GET /telemetry": { status: 200, schema: TelemetryDataSchema },
  "GET /telemetry/user/settings": { status: 200, schema: TelemetryUserSettingsSchema },
  "PUT /telemetry/user/settings": { body: { telemetry_enabled: false, telemetry_permission_asked: true }, status: 204, schema: null },
  "POST /telemetry": { body: { event: "form_submit", app_pathname: "/search" }, status: 202, schema: TelemetryEventAnswerSchema },
  "POST /system/notification/message/html/{type}": { body: { values: {} }, status: 200, schema: TemplateRenderResponseSchema },
  "POST /system/notification/message/html/{type}/{key}": { body: { values: {} }, status: 200, schema: TemplateRenderResponseSchema },
  "POST /system/notification/message/plaintext/{type}": { body: { values: {} }, status: 200, schema: TemplateRenderResponseSchema },
  "POST /system/notification/message/plaintext/{type}/{key}": { body: { values: {} }, status: 200, schema: TemplateRenderResponseSchema },
};

/** One app for the whole file; the cases run in this order, the ones that change state last. */
const contract = apiSuite("the API contract, over every operation of the OpenAPI document");

const PUBLIC_OPERATIONS = ["POST /system/sessions", "GET /system/sessions", "GET /", "GET /system/authentication/services/backends/active-backend/type"];
const ACCESS_PATTERN = /^(public|authenticated|(all|any) of: [\w:{}*.-]+(, [\w:{}*.-]+)*)$/;

function requiredPermissions(access: string): { permissions: string[]; any: boolean } | null {
  const match = /^(all|any) of: (.+)$/.exec(access);
  return match ? { permissions: match[2].split(", "), any: match[1] === "any" } : null;
}

function fill(permission: string, params: Record<string, string>): string {
  return permission.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
}

contract.test("every operation in the OpenAPI document has a contract case, and every case an operation", async (h) => {
  const keys = (await listOperations(h.api)).map((operation) => operation.key).sort();
  assert.deepEqual(keys, Object.keys(CONTRACT).sort(), "add a contract case for each new route (and drop cases of removed ones)");
});

contract.test("every operation declares its access rule in x-sluice-access", async (h) => {
  for (const operation of await listOperations(h.api)) {
    assert.ok(operation.access, `${operation.key} has no x-sluice-access`);
    assert.match(operation.access, ACCESS_PATTERN, `${operation.key} declares an unreadable access rule`);
  }
});

contract.test("only sign-in, session validation, the ping and the active backend's type are public", async (h) => {
  const publicKeys = (await listOperations(h.api)).filter((op) => op.access === "public").map((op) => op.key).sort();
  assert.deepEqual(publicKeys, [...PUBLIC_OPERATIONS].sort());
});

contract.test("the document lists 401 for every non-public operation and 403 exactly where a permission, stream access or owner is checked", async (h) => {
  for (const operation of await listOperations(h.api)) {
    assert.ok(operation.responses.includes("400"), `${operation.key} does not document 400`);
    // Sign-in is public but documents its own 401 (wrong credentials).
    if (operation.access !== "public") assert.ok(operation.responses.includes("401"), `${operation.key} does not document 401`);
    else if (operation.key !== "POST /system/sessions") assert.ok(!operation.responses.includes("401"), `${operation.key} is public`);
    assert.equal(
      operation.responses.includes("403"),
      operation.access!.includes(" of: ") || operation.streamScoped || operation.ownerChecked,
      `${operation.key}: 403 documented iff permissions are required, streams are searched or the owner is checked`,
    );
  }
});

contract.test("state-changing calls without X-Requested-By are refused with 400 and change nothing", async (h) => {
  const before = await adminState(h);
  const mutating = (await listOperations(h.api)).filter((op) => op.method !== "GET");
  assert.ok(mutating.length >= 10);
  for (const operation of mutating) {
    const answer = await h.call(operation.method, concretePath(operation.path, SAMPLE_PARAMS), {
      body: CONTRACT[operation.key]?.body,
      requestedBy: false,
    });
    assert.equal(answer.status, 400, `${operation.key} without X-Requested-By`);
    assertSchema(ApiErrorSchema, answer.body);
    assert.match((answer.body as { message: string }).message, /X-Requested-By/);
    assert.equal(answer.headers.get("set-cookie"), null, `${operation.key} must not set or clear a cookie`);
  }
  // Nothing happened: still signed in, preferences and profile unchanged, no favorite, no layout, notification kept.
  assert.deepEqual((await h.call("GET", "/system/sessions")).body, {
    is_valid: true,
    session_id: h.adminCookie.split("=")[1],
    username: "admin",
  });
  assert.deepEqual(await adminState(h), before);
  assert.equal(before.notifications, 1);
});

/** What the state-changing calls could change: profile, preferences, favorites, a table layout, notifications. */
async function adminState(h: ApiHarness) {
  const admin = assertSchema(UserSchema, (await h.call("GET", "/users/admin")).body);
  return {
    preferences: admin.preferences,
    fullName: admin.full_name,
    favorites: assertSchema(FavoritesListSchema, (await h.call("GET", "/favorites")).body).total,
    layout: (await h.call("GET", "/entitylists/preferences/streams")).body,
    notifications: assertSchema(NotificationsSchema, (await h.call("GET", "/system/notifications")).body).total,
  };
}

contract.test("a signed-in admin gets a schema-valid, documented answer from every operation", async (h) => {
  for (const operation of await listOperations(h.api)) {
    const contract = CONTRACT[operation.key];
    assert.ok(contract, `no contract case for ${operation.key}`);
    const prepared = await contract.prepare?.(h) ?? {};
    const path = concretePath(operation.path, { ...SAMPLE_PARAMS, ...prepared.params }) + (contract.query ?? "");
    const answer = await h.call(operation.method, path, { body: prepared.body ?? contract.body, cookie: prepared.cookie });
    assert.equal(answer.status, contract.status, `${operation.key}: ${JSON.stringify(answer.body)}`);
    assert.ok(operation.responses.includes(String(answer.status)), `${operation.key} answered an undocumented ${answer.status}`);
    if (contract.schema) assertSchema(contract.schema, answer.body, `${operation.key} answer`);
    else assert.equal(answer.body, null, `${operation.key} should answer with an empty body`);
  }
});

contract.test("every non-public operation answers 401 with an ApiError when no session is sent", async (h) => {
  let checked = 0;
  for (const operation of await listOperations(h.api)) {
    if (PUBLIC_OPERATIONS.includes(operation.key)) continue;
    const answer = await h.call(operation.method, concretePath(operation.path, SAMPLE_PARAMS), {
      body: CONTRACT[operation.key]?.body,
      cookie: null,
    });
    assert.equal(answer.status, 401, `${operation.key} without a session`);
    assertSchema(ApiErrorSchema, answer.body, `${operation.key} 401 answer`);
    checked++;
  }
  assert.ok(checked >= 15, `only ${checked} protected operations found`);
});

contract.test("public operations answer without a session", async (h) => {
  for (const operation of await listOperations(h.api)) {
    if (!PUBLIC_OPERATIONS.includes(operation.key)) continue;
    const answer = await h.call(operation.method, concretePath(operation.path, SAMPLE_PARAMS), {
      body: CONTRACT[operation.key]?.body,
      cookie: null,
    });
    assert.equal(answer.status, 200, `${operation.key} without a session`);
  }
});

contract.test("the reader gets the permissions page answer (403) from every operation needing a permission it lacks", async (h) => {
  const reader = assertSchema(UserSchema, (await h.call("GET", "/users/reader", { cookie: h.readerCookie })).body);
  const forbidden: string[] = [];
  for (const operation of await listOperations(h.api)) {
    const required = requiredPermissions(operation.access ?? "");
    const path = concretePath(operation.path, SAMPLE_PARAMS);
    const cookie = CONTRACT[operation.key]?.endsSession ? await h.login("reader", "reader") : h.readerCookie;
    const answer = await h.call(operation.method, path, { body: CONTRACT[operation.key]?.body, cookie });
    const permissions = required?.permissions.map((p) => fill(p, SAMPLE_PARAMS)) ?? [];
    const permitted = required?.any ? isAnyPermitted(reader.permissions, permissions) : isPermitted(reader.permissions, permissions);
    if (required && !permitted) {
      assert.equal(answer.status, 403, `${operation.key} as reader`);
      assert.deepEqual(answer.body, FORBIDDEN_BODY);
      forbidden.push(operation.key);
    } else if (operation.ownerChecked && answer.status === 403) {
      // The sample entity (the default stream) is one the reader may read but does not own: the documented owner check.
      assert.match(assertSchema(ApiErrorSchema, answer.body).message, /^Only owners of this /, `${operation.key} as reader`);
    } else {
      assert.notEqual(answer.status, 401, `${operation.key} as reader`);
      assert.notEqual(answer.status, 403, `${operation.key} as reader: ${JSON.stringify(answer.body)}`);
    }
  }
  // The reader (role Reader) may read metrics, but not notifications nor the admin's account.
  for (const key of ["GET /system/notifications", "DELETE /system/notifications/{notificationType}", "GET /users/{username}", "PUT /users/{username}/preferences"]) {
    assert.ok(forbidden.includes(key), `${key} should be forbidden to the reader`);
  }
  assert.ok(!forbidden.includes("POST /system/metrics/multiple"));
});

contract.test("an unknown API path answers 404 with an ApiError naming it", async (h) => {
  const answer = await h.call("GET", "/no/such/thing");
  assert.equal(answer.status, 404);
  assert.deepEqual(answer.body, { type: "ApiError", message: "No API resource at GET /no/such/thing" });
});

contract.test("every method on an unknown API path answers a JSON 404, with or without a session", async (h) => {
  for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
    for (const cookie of [undefined, null]) {
      const answer = await h.call(method, "/users/admin/no-such-thing", { body: method === "GET" ? undefined : {}, cookie });
      assert.equal(answer.status, 404, `${method} with${cookie === null ? "out" : ""} a session`);
      assert.deepEqual(answer.body, { type: "ApiError", message: `No API resource at ${method} /users/admin/no-such-thing` });
    }
  }
});

contract.test("a specific path is answered by its own route, never by a parameter route registered before it", async (h) => {
  const operations = await listOperations(h.api);
  const templates = operations.map((op) => op.key);
  // Every parameter route that could match a specific path of the same method: the specific one must answer.
  for (const specific of operations) {
    const shadowing = operations.filter((other) =>
      other.method === specific.method && other.path !== specific.path && matchesTemplate(other.path, specific.path)
    );
    for (const parameterRoute of shadowing) {
      // The specific call as its contract case makes it (a stored entity where it needs one): a 404 is then the router's.
      const contractCase = CONTRACT[specific.key];
      const prepared = await contractCase?.prepare?.(h) ?? {};
      const path = concretePath(specific.path, { ...SAMPLE_PARAMS, ...prepared.params });
      const expected = await h.call(specific.method, path, { body: prepared.body ?? contractCase?.body, cookie: prepared.cookie });
      assert.notEqual(expected.status, 404, `${specific.key} is swallowed by ${parameterRoute.key}: ${JSON.stringify(expected.body)}`);
    }
  }
  assert.ok(templates.includes("GET /views/fields") && templates.includes("GET /views/{id}"));
});

/** Whether a concrete or template path `path` is matched by the template `template` (a `{param}` matches one segment). */
function matchesTemplate(template: string, path: string): boolean {
  const a = template.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((segment, i) => segment.startsWith("{") || segment === b[i]);
}

contract.test("every operation has an operationId, its security and, when it changes state, the X-Requested-By header", async (h) => {
  const operations = await listOperations(h.api);
  const ids = operations.map((op) => op.operationId);
  assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
  const document = await loadOpenApiDocument(h.api);
  assert.deepEqual(Object.keys((document.components.securitySchemes ?? {}) as object).sort(), ["basic", "session"]);
  for (const operation of operations) {
    assert.match(operation.operationId ?? "", /^[a-z]+[A-Za-z0-9]*$/, `${operation.key} operationId`);
    assert.deepEqual(operation.security, operation.access === "public" ? [] : [["session"], ["basic"]], `${operation.key} security`);
    const requestedBy = operation.parameters.find((p) => p.in === "header" && p.name === "X-Requested-By");
    assert.equal(requestedBy?.required ?? false, operation.method !== "GET", `${operation.key} X-Requested-By`);
  }
});

contract.test("every operation answers generated valid and invalid requests as its document says: no 5xx, nothing undocumented", async (h) => {
  const document = await loadOpenApiDocument(h.api);
  const checker = answerChecker(document);
  const problems: string[] = [];
  for (const operation of operationsOf(document)) {
    const samples = { ...SAMPLE_PARAMS, ...(await CONTRACT[operation.key]?.prepare?.(h))?.params };
    const seed = [...operation.key].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7) | 0;
    const requests = [
      ...fc.sample(validRequest(operation, document, samples), { numRuns: 4, seed }),
      ...fc.sample(invalidRequest(operation, document, samples), { numRuns: 3, seed }),
    ];
    for (const request of requests) {
      const answer = await sendGenerated(h, operation, request);
      const what = describeRequest(operation, request);
      if (answer.status >= 500) problems.push(`${what} → ${answer.status} ${JSON.stringify(answer.body)}`);
      const problem = checker.problem(operation, answer);
      if (problem) problems.push(`${problem} — request ${what}`);
      // A body the document refuses must be refused by the server too (the document is what it validates).
      const body = request.body;
      if (
        operation.bodySchema && body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array) &&
        !request.headers["Content-Type"] && !request.headers.Authorization && !checker.isValid(operation.bodySchema, body) &&
        answer.status !== 400
      ) problems.push(`${operation.key} accepted a body its document refuses (${what}): ${answer.status}`);
    }
  }
  assert.deepEqual(problems, []);
});
