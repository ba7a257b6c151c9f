import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PRODUCT_NAME, PRODUCT_VERSION } from "../shared/product.ts";
import { ApiError, MissingStreamPermissionError, RetryLaterError } from "./errors.ts";
import { authenticate } from "./middleware/authenticate.ts";
import { DEFAULT_REQUEST_LIMITS, guardRequests, type RequestGuardOptions } from "./middleware/request-guard.ts";
import { LoginThrottle, type LoginThrottleOptions } from "./login-throttle.ts";
import { createApiRouter } from "./router.ts";
import { QUEUED_SEARCH_CALLS, queuedSearch, SearchQueue, type SearchQueueOptions } from "./search-queue.ts";
import { clusterConfigApi } from "./routes/cluster-config.ts";
import { decoratorsApi } from "./routes/decorators.ts";
import { entityListPreferencesApi } from "./routes/entity-list-preferences.ts";
import { eventsApi } from "./routes/events.ts";
import { eventDefinitionsApi } from "./routes/event-definitions.ts";
import { eventNotificationsApi } from "./routes/event-notifications.ts";
import { favoritesApi } from "./routes/favorites.ts";
import { grokApi } from "./routes/grok.ts";
import { contentPacksApi } from "./routes/content-packs.ts";
import { sidecarsApi } from "./routes/sidecars.ts";
import { inputsApi } from "./routes/inputs.ts";
import { extractorsApi } from "./routes/extractors.ts";
import { outputsApi } from "./routes/outputs.ts";
import { streamOutputsApi } from "./routes/stream-outputs.ts";
import { lookupTablesApi } from "./routes/lookup-tables.ts";
import { pipelinesApi } from "./routes/pipelines.ts";
import { indexSetsApi } from "./routes/index-sets.ts";
import { systemJobsApi } from "./routes/system-jobs.ts";
import { systemMessagesApi } from "./routes/system-messages.ts";
import { processingApi } from "./routes/processing.ts";
import { loggersApi } from "./routes/loggers.ts";
import { supportBundlesApi } from "./routes/support-bundles.ts";
import { statsApi } from "./routes/stats.ts";
import { serviceManagerApi } from "./routes/service-manager.ts";
import { messageProcessorsApi } from "./routes/message-processors.ts";
import { sessionsApi } from "./routes/sessions.ts";
import { sharesApi } from "./routes/shares.ts";
import { systemApi } from "./routes/system.ts";
import { nodesApi } from "./routes/nodes.ts";
import { metricsApi } from "./routes/metrics.ts";
import { requestMetrics } from "./middleware/request-metrics.ts";
import { searchSupportApi } from "./routes/search-support.ts";
import { streamsApi } from "./routes/streams.ts";
import { legacyAlarmCallbacksApi } from "./routes/legacy-alarm-callbacks.ts";
import { toolsApi } from "./routes/tools.ts";
import { extractorTestersApi } from "./routes/extractor-testers.ts";
import { viewsSearchApi } from "./routes/views-search.ts";
import { usersApi } from "./routes/users.ts";
import { rolesApi } from "./routes/roles.ts";
import { teamsApi } from "./routes/teams.ts";
import { authenticationApi } from "./routes/authentication.ts";
import { permissionsApi } from "./routes/permissions.ts";
import { viewsApi } from "./routes/views.ts";
import { clusterStatsApi } from "./routes/cluster-stats.ts";
import { notificationMessagesApi } from "./routes/notification-messages.ts";
import { telemetryApi } from "./routes/telemetry.ts";
import { exportJobsApi } from "./routes/export-jobs.ts";
import { searchMessagesApi } from "./routes/search-messages.ts";
import { searchMetadataApi } from "./routes/search-metadata.ts";
import { legacySearchApi } from "./routes/legacy-search.ts";
import type { Backend } from "./schemas/backend.ts";
import { UnreadableRequestError } from "./schemas/unreadable-request.ts";
import { clientWentAway } from "./aborted-request.ts";
import { registerSecuritySchemes } from "./security-schemes.ts";
import { mountSpecificPathsFirst } from "./specific-paths-first.ts";

export interface ApiOptions {
  backend: Backend;
  /** The application path prefix; the session cookie is scoped to it. */
  prefix: string;
  /** Body size and nesting limits of the door (`DEFAULT_REQUEST_LIMITS` where not given). */
  limits?: Partial<RequestGuardOptions>;
  /** Whether a reverse proxy's X-Forwarded-For and X-Forwarded-Proto are believed (SLUICE_TRUST_PROXY). */
  trustProxy?: boolean;
  /** Sign-in throttling; tests shorten its delays. */
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** Bounded concurrency of search work (SLUICE_SEARCH_*). */
  searchQueue?: Partial<SearchQueueOptions>;
}

/** The JSON API mounted under `/api`: middleware stack, every area's routes, the OpenAPI document. */
export function createApi({ backend, prefix, limits, trustProxy = false, loginThrottle, searchQueue }: ApiOptions): OpenAPIHono {
  const api = createApiRouter();
  const throttle = new LoginThrottle(loginThrottle);
  const queue = new SearchQueue(searchQueue);
  api.use("*", requestId());
  api.use("*", requestMetrics({ backend }));
  api.use("*", guardRequests({ ...DEFAULT_REQUEST_LIMITS, ...limits }));
  api.use("*", authenticate({ backend, throttle, trustProxy }));
  for (const { method, path } of QUEUED_SEARCH_CALLS) api.use(path, queuedSearch(queue, method));
  mountSpecificPathsFirst(api, [
    sessionsApi({ cookiePath: prefix || "/", throttle, trustProxy }),
    systemApi(),
    usersApi(),
    rolesApi(),
    teamsApi(),
    authenticationApi(),
    permissionsApi(),
    favoritesApi(),
    entityListPreferencesApi(),
    clusterConfigApi(),
    messageProcessorsApi(),
    toolsApi(),
    viewsSearchApi(),
    searchSupportApi(),
    decoratorsApi(),
    streamsApi(),
    sharesApi(),
    eventsApi(),
    eventDefinitionsApi(),
    eventNotificationsApi(),
    grokApi(),
    contentPacksApi(),
    sidecarsApi(),
    inputsApi(),
    extractorsApi(),
    extractorTestersApi(),
    outputsApi(),
    streamOutputsApi(),
    lookupTablesApi(),
    pipelinesApi(),
    indexSetsApi(),
    viewsApi(),
    clusterStatsApi(),
    telemetryApi(),
    notificationMessagesApi(),
    searchMetadataApi(),
    searchMessagesApi(),
    exportJobsApi(),
    legacySearchApi(),
    legacyAlarmCallbacksApi(),
    nodesApi(),
    metricsApi(),
    systemJobsApi(),
    systemMessagesApi(),
    processingApi(),
    loggersApi(),
    supportBundlesApi(),
    statsApi(),
    serviceManagerApi(),
  ]);
  registerSecuritySchemes(api);
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: PRODUCT_VERSION,
      description: "Graylog 5.1 compatible REST API of Sluice. State-changing calls need the X-Requested-By header.",
    },
    servers: [{ url: `${prefix}/api` }],
  });
  // Every other path under /api, whatever the method: mounted in the site, the API's notFound would not be asked
  // (the site's page render would answer a GET), so the last route answers.
  api.all("*", (c) => c.json({ type: "ApiError", message: `No API resource at ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  api.onError((error, c) => {
    if (error instanceof MissingStreamPermissionError) {
      return c.json({ type: "MissingStreamPermission", message: error.message, streams: [...error.streams] }, 403);
    }
    if (error instanceof RetryLaterError) c.header("Retry-After", String(error.retryAfterSeconds));
    if (error instanceof ApiError) return c.json({ type: "ApiError", message: error.message }, error.status);
    if (error instanceof UnreadableRequestError) return c.json({ type: "ApiError", message: error.message }, 400);
    if (error instanceof HTTPException) {
      return c.json({ type: "ApiError", message: error.message || "Bad request" }, error.status);
    }
    if (clientWentAway(error, c.req.raw)) return c.json({ type: "ApiError", message: "The client went away before its request was read." }, 400);
    // A real server fault: the log and the answer name the same request id, so a report can be found in the log.
    const id = c.get("requestId");
    console.error(`Unhandled API error in ${c.req.method} ${new URL(c.req.url).pathname} (request id ${id})`, error);
    return c.json({ type: "ApiError", message: `Internal server error (request id ${id}).`, request_id: id }, 500);
  });
  return api;
}
