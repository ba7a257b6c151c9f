import { hostname } from "node:os";
import { dirname } from "node:path";
import type { Backend } from "../api/schemas/backend.ts";
import { MESSAGE_PROCESSORS_CONFIG_CLASS } from "../api/schemas/message-processors.ts";
import { generateDemoMessages } from "../fixtures/demo-messages.ts";
import { EmbeddedClusterConfigStore } from "./cluster-config-store.ts";
import { EmbeddedClusterStats } from "./cluster-stats.ts";
import { EmbeddedTelemetrySettingsStore } from "./telemetry/telemetry-settings-store.ts";
import { EmbeddedExportJobStore } from "./export-jobs/export-job-store.ts";
import { Database } from "./database.ts";
import { DEMO_INPUT_TYPE } from "./inputs/input-types.ts";
import { noInputRunning } from "./inputs/no-input-running.ts";
import { decoratorStoreFor } from "./decorators/decorator-store.ts";
import { EmbeddedEntityListPreferenceStore } from "./entity-list-preference-store.ts";
import { evaluateDefinition, evaluateEventDefinitions } from "./events/event-processor.ts";
import { EventScheduler } from "./events/event-scheduler.ts";
import { EmbeddedEventStore, type NewEventsHook } from "./events/event-store.ts";
import { notificationPayload } from "./events/notifications/event-backlog.ts";
import { DEFAULT_RETRY_POLICY, NotificationDispatcher, queueNotifications, type RetryPolicy } from "./events/notifications/notification-dispatcher.ts";
import { deliverToOutbox, EmbeddedNotificationStore } from "./events/notifications/notification-store.ts";
import type { SenderEnvironment } from "./events/notifications/notification-senders.ts";
import { type MailToSend, smtpMailer, type SmtpSettings } from "./events/notifications/smtp-mailer.ts";
import { seedEventDefinitions } from "./events/seed-event-definitions.ts";
import { EntityTitles } from "./entity-titles.ts";
import { EmbeddedFavoriteStore } from "./favorite-store.ts";
import { EmbeddedGrokPatternStore, installDefaultGrokPatterns } from "./grok/grok-pattern-store.ts";
import { contentPackStoreFor } from "./content-packs/content-pack-store.ts";
import { EmbeddedSidecarStore } from "./sidecars/sidecar-store.ts";
import { EmbeddedExtractorStore } from "./extractors/extractor-store.ts";
import { EmbeddedExtractorTesters } from "./extractors/extractor-testers.ts";
import { EmbeddedOutputStore } from "./outputs/output-store.ts";
import { EmbeddedInputStore } from "./inputs/input-store.ts";
import { lookupStoreFor } from "./lookup/lookup-store.ts";
import { seedLookupTables } from "./lookup/seed-lookup-tables.ts";
import { EmbeddedPipelineStore } from "./pipelines/pipeline-store.ts";
import { THREAT_INTEL_CONFIG_CLASS } from "../shared/threat-intel-config.ts";
import { EmbeddedIndexSetStore } from "./index-sets/index-set-store.ts";
import { EmbeddedSearch } from "./search/embedded-search.ts";
import { type CatalogScope, MessageStore } from "./message-store.ts";
import { MetricRegistry } from "./metric-registry.ts";
import { progressLog } from "./progress-log.ts";
import { migrate } from "./schema.ts";
import { seedEntities } from "./seed.ts";
import { EmbeddedSessionStore } from "./session-store.ts";
import { checkPassword } from "./passwords.ts";
import { DirectorySignIn } from "./authentication/directory-sign-in.ts";
import { SecretBox } from "./authentication/secret-box.ts";
import { EmbeddedSystemStore } from "./system-store.ts";
import { EmbeddedUserStore } from "./user-store.ts";
import { EmbeddedAccessTokenStore } from "./access-token-store.ts";
import { EmbeddedRoleStore, giveRolesIds } from "./roles/role-store.ts";
import { EmbeddedViewStore } from "./views/view-store.ts";
import { EmbeddedStreamMatchTester } from "./stream-match-tester.ts";
import { EmbeddedStreamStore, renumberStreamRuleTypes } from "./streams/stream-store.ts";
import { EmbeddedShareStore } from "./shares/share-store.ts";
import { EmbeddedTeamStore } from "./teams/team-store.ts";
import { LoggerRegistry } from "./logging/logger-registry.ts";
import { bundleContents } from "./support-bundle/bundle-contents.ts";
import { EmbeddedSupportBundleStore } from "./support-bundle/support-bundle-store.ts";
import { EmbeddedSystemMessageStore } from "./system-messages/system-message-store.ts";
import { SystemJobManager } from "./system-jobs/system-job-manager.ts";
import { EmbeddedProcessingControl } from "./processing/processing-control.ts";
import type { IndexLifecycleListener } from "./store/index-lifecycle.ts";
import { EmbeddedAuthServiceStore } from "./authentication/auth-service-store.ts";
import { LdapDirectoryTester } from "./authentication/directory-tester.ts";
import { URL_WHITELIST_CONFIG_CLASS } from "../api/schemas/url-whitelist.ts";
import { ServiceManager } from "./service-manager.ts";
import { EmbeddedSystemStatsProbe } from "./system-stats/system-stats-probe.ts";
import { databaseDirectory } from "./system-stats/database-directory.ts";

export interface EmbeddedBackendOptions {
  /** A database file path, or ":memory:". */
  databasePath: string;
  adminPassword: string;
  /** Messages generated over the last 7 days when the database is new. */
  demoMessages: number;
  /** Live demo messages per second (0 = none). */
  demoRate: number;
  /** Reports start-up progress (seeding can take seconds). */
  log?: (line: string) => void;
  /** How notification sends are retried (tests shorten the delays). */
  notificationRetry?: Partial<RetryPolicy>;
  /** Where email notifications are sent; absent: they land only in the outbox. */
  smtp?: SmtpSettings | null;
}

const DEMO_SPAN_MS = 7 * 24 * 3600_000;

/**
 * The embedded backend, plus its message store for the modules of mock-backend that search it, and a way to
 * evaluate the event definitions again after messages were added outside the demo seed (imports, tests).
 */
export type EmbeddedBackend = Backend & {
  readonly messageStore: MessageStore;
  readonly inputs: EmbeddedInputStore;
  evaluateEvents(): Promise<{ definitions: number; events: number }>;
  /** One round of the event scheduler (windows ended by `now`) and of the notification sender. */
  runEventScheduler(now?: number): Promise<number>;
  dispatchNotifications(now?: number): Promise<number>;
};

/** The embedded backend on DuckDB: opens or creates the database, seeds it on first start. */
export async function openEmbeddedBackend(options: EmbeddedBackendOptions): Promise<EmbeddedBackend> {
  const log = options.log ?? (() => {});
  const db = await Database.open({ path: options.databasePath });
  const services = new ServiceManager();
  const systemStats = new EmbeddedSystemStatsProbe([databaseDirectory(options.databasePath)]);
  await migrate(db);
  const registry = new MetricRegistry();
  const { identity, created } = await seedEntities(db, options.adminPassword);
  await installDefaultGrokPatterns(db);
  const lookupTables = lookupStoreFor(db);
  const lookupTablesStarting = performance.now();
  await lookupTables.start();
  services.started("LookupTableService", lookupTablesStarting);
  await seedLookupTables(db, lookupTables);
  await giveRolesIds(db);
  await renumberStreamRuleTypes(db);
  const logging = new LoggerRegistry(options.log);
  const systemMessages = new EmbeddedSystemMessageStore(db, identity.nodeId, (caller, content) => logging.logger(caller).info(content));
  const messages = await MessageStore.open(db, {
    nodeId: identity.nodeId,
    registry,
    backgroundTermIndexing: true,
    indexLifecycle: indexLifecycleMessages(systemMessages),
  });
  const systemJobs = new SystemJobManager({
    nodeId: identity.nodeId,
    finished: (job, { tookMs, error }) =>
      systemMessages.record(job.name, error === null ? `${job.description} ${job.info} Took ${tookMs} ms.` : `${job.description} ${job.info} Failed: ${error}`),
  });
  const processBuffer = logging.logger("org.graylog2.shared.buffers.processors.ProcessBufferProcessor");
  const processing = await EmbeddedProcessingControl.open(db, {
    processedBatch: (count) => processBuffer.debug(`Processed and stored a batch of ${count} ${count === 1 ? "message" : "messages"}.`),
    changed: (running) =>
      systemMessages.record("org.graylog2.shared.system.processing.ProcessingControl", running ? "Message processing resumed." : "Message processing paused."),
  });
  messages.useProcessingGate(processing);
  const pipelines = new EmbeddedPipelineStore(db, messages, lookupTables.live, registry);
  const pipelinesStarting = performance.now();
  await pipelines.start();
  services.started("PipelineInterpreterStateUpdater", pipelinesStarting);
  if (created && options.demoMessages > 0) {
    const started = performance.now();
    log(`Generating ${options.demoMessages} demo messages over the last 7 days…`);
    const written = await messages.ingest(generateDemoMessages({ count: options.demoMessages, end: Date.now(), spanMs: DEMO_SPAN_MS }));
    log(`Stored ${written.messages} demo messages in ${Math.round(performance.now() - started)} ms.`);
  }
  const processorContext = () => ({
    db,
    catalog: messages.catalog(),
    messageStreams: messages.streams().map((stream) => stream.id),
    fieldIndices: (scope: CatalogScope) => messages.fieldIndices(scope),
    source: hostname(),
    now: Date.now(),
  });
  const evaluate = (definition: Parameters<typeof evaluateDefinition>[0], range: { from: number; to: number }) =>
    evaluateDefinition(definition, processorContext(), range);
  const events = new EmbeddedEventStore(db, evaluate);
  await seedEventDefinitions(events);
  const notifyNewEvents: NewEventsHook = async (connection, definition, added) => {
    if (definition.notifications.length === 0) return;
    const payloads = await Promise.all(added.map((event) => notificationPayload(messages, definition, event)));
    await queueNotifications(connection, definition, payloads, Date.now());
  };
  const scheduler = new EventScheduler(events, evaluate, notifyNewEvents);
  const evaluateEvents = () =>
    scheduler.exclusive(() => evaluateEventDefinitions({ ...processorContext(), events, onNew: notifyNewEvents }));
  // On a new database that evaluates the demo data; later starts catch up on imports made while stopped.
  const evaluationStarted = performance.now();
  const evaluated = await evaluateEvents();
  log(`Evaluated ${evaluated.definitions} event definitions: ${evaluated.events} events (${Math.round(performance.now() - evaluationStarted)} ms).`);
  // Messages not indexed yet (a new or upgraded database, imports made while stopped) are searched by scanning
  // meanwhile; the log says when that is over.
  const indexingStarted = performance.now();
  messages.indexTerms(progressLog("Indexing the message terms", log)).then(
    () => log(`Indexed the message terms (${Math.round(performance.now() - indexingStarted)} ms).`),
    (error) => log(`Indexing the message terms failed: ${error}`),
  );
  // Inputs that were running listen again; one whose port is taken fails alone, with the reason on its state.
  // Extractors are read at each batch an input stores; they belong to inputs, which are opened after them.
  const inputsStarting = performance.now();
  const extractors = await EmbeddedExtractorStore.open(db, (inputId) => inputs.exists(inputId), lookupTables.live);
  const inputs: EmbeddedInputStore = await EmbeddedInputStore.open(db, {
    nodeId: identity.nodeId,
    registry,
    journalDirectory: options.databasePath === ":memory:" ? undefined : `${dirname(options.databasePath)}/journal`,
    ingest: (batch, input, arrivedAt) => messages.ingestLive(batch, input, arrivedAt),
    extractorsOf: (inputId) => extractors.extractorsOf(inputId),
    deleted: (inputId) => extractors.deleteInput(inputId),
    stateChanged: (input, state) =>
      systemMessages.record("org.graylog2.shared.inputs.InputStateListener", `Input [${input.type}/${input.title}/${input.id}] is now ${state}.`),
    runningChanged: (running) => noInputRunning(db, running === 0),
  });
  // The demo setup's live trickle is an input of its own on this node (System → Inputs lists it; it can be stopped).
  if (created && options.demoRate > 0) {
    await inputs.create({
      title: "Demo traffic",
      type: DEMO_INPUT_TYPE,
      global: false,
      node: identity.nodeId,
      configuration: { rate: options.demoRate },
    }, "admin");
  }
  services.started("InputSetupService", inputsStarting);
  const outputsStarting = performance.now();
  // Messages routed to a stream are forwarded to its outputs, from the first batch an input stores.
  const outputs = await EmbeddedOutputStore.open(db, (streamId) => messages.streams().some((stream) => stream.id === streamId), registry);
  messages.useOutputs(outputs);
  services.started("OutputSetupService", outputsStarting);
  const search = new EmbeddedSearch(db, messages);
  const clusterConfig: EmbeddedClusterConfigStore = new EmbeddedClusterConfigStore(db, async (name) => {
    if (name === MESSAGE_PROCESSORS_CONFIG_CLASS) {
      messages.chain.configure(await clusterConfig.get(MESSAGE_PROCESSORS_CONFIG_CLASS));
    }
    if (name === THREAT_INTEL_CONFIG_CLASS) pipelines.useThreatIntel(await clusterConfig.get(THREAT_INTEL_CONFIG_CLASS));
    if (name === THREAT_INTEL_CONFIG_CLASS) lookupTables.useThreatIntel(await clusterConfig.get(THREAT_INTEL_CONFIG_CLASS));
  });
  pipelines.useThreatIntel(await clusterConfig.get(THREAT_INTEL_CONFIG_CLASS));
  lookupTables.useThreatIntel(await clusterConfig.get(THREAT_INTEL_CONFIG_CLASS));
  const senders: SenderEnvironment = {
    allowList: () => clusterConfig.get(URL_WHITELIST_CONFIG_CLASS),
    deliverMail: mailDelivery(db, options.smtp ?? null),
    timeoutMs: 10_000,
  };
  const dispatcher = new NotificationDispatcher(db, senders, { ...DEFAULT_RETRY_POLICY, ...options.notificationRetry });
  const indexSets = new EmbeddedIndexSetStore(db, messages, clusterConfig, systemJobs);
  systemJobs.useTriggerable({ "org.graylog2.indexer.ranges.RebuildIndexRangesJob": () => indexSets.rebuildAllJob() });
  systemMessages.record("org.graylog2.bootstrap.ServerBootstrap", "Started up.");
  const system = new EmbeddedSystemStore(db, identity, registry, () => messages.chain.steps(), () => processing.isProcessing());
  const clusterStats = new EmbeddedClusterStats(db);
  const supportBundles = new EmbeddedSupportBundleStore(db, bundleContents({ system, logging, clusterStats }));
  const schedulerStarting = performance.now();
  scheduler.start();
  dispatcher.start(1_000);
  services.started("JobSchedulerService", schedulerStarting);
  services.started("EventNotificationDispatcher", schedulerStarting);
  const users = new EmbeddedUserStore(db);
  const authServices = new EmbeddedAuthServiceStore(db, await SecretBox.forDatabase(options.databasePath));
  const directoryTester = new LdapDirectoryTester();
  const authLog = logging.logger("org.graylog.security.authservice.AuthServiceAuthenticator");
  const directorySignIn = new DirectorySignIn({ db, authServices, directory: directoryTester, users, warn: (line) => authLog.warn(line) });
  return {
    kind: "embedded",
    messageStore: messages,
    sessions: new EmbeddedSessionStore(db, checkPassword, (username, password) => directorySignIn.verify(username, password)),
    users,
    accessTokens: new EmbeddedAccessTokenStore(db),
    roles: new EmbeddedRoleStore(db),
    teams: new EmbeddedTeamStore(db),
    authServices,
    directoryTester,
    favorites: new EmbeddedFavoriteStore(db, new EntityTitles(db)),
    entityListPreferences: new EmbeddedEntityListPreferenceStore(db),
    system,
    clusterConfig,
    search,
    views: new EmbeddedViewStore(db),
    decorators: decoratorStoreFor(db),
    streams: new EmbeddedStreamStore(db, messages),
    streamMatch: new EmbeddedStreamMatchTester(messages),
    shares: new EmbeddedShareStore(db),
    events,
    eventDefinitions: events,
    eventNotifications: new EmbeddedNotificationStore(db, senders),
    grokPatterns: new EmbeddedGrokPatternStore(db),
    // Made when first asked for: installing a pack writes through this backend's other stores.
    sidecars: new EmbeddedSidecarStore(db),
    get contentPacks() {
      return contentPackStoreFor(db, this as EmbeddedBackend);
    },
    inputs,
    extractors,
    outputs,
    extractorTesters: new EmbeddedExtractorTesters({
      context: () => extractors.context(),
      lookup: (table, key) => lookupTables.live.lookup(table, key),
    }),
    lookupTables,
    clusterStats,
    telemetrySettings: new EmbeddedTelemetrySettingsStore(db),
    pipelines,
    exportJobs: new EmbeddedExportJobStore(db),
    indexSets,
    systemJobs,
    systemMessages,
    processing,
    logging,
    supportBundles,
    systemStats,
    serviceStatus: () => services.status(),
    evaluateEvents,
    runEventScheduler: (now) => scheduler.tick(now),
    dispatchNotifications: (now) => dispatcher.dispatch(now),
    async close() {
      services.stopped();
      await processing.close();
      await inputs.close();
      outputs.close();
      await scheduler.stop();
      await dispatcher.stop();
      await messages.close();
      await systemMessages.settled();
      // Searches answered just before leave their hits tables to drop.
      await search.settled();
      db.close();
    },
  };
}

/** System messages for new write indices and for retention, in Graylog's words. */
function indexLifecycleMessages(systemMessages: EmbeddedSystemMessageStore): IndexLifecycleListener {
  const alias = (index: string) => `${index.replace(/_\d+$/, "")}_deflector`;
  return {
    cycled: (_indexSetId, previous, next) =>
      systemMessages.record(
        "org.graylog2.indexer.MongoIndexSet",
        previous === null ? `Created the first write index <${next}> behind index alias <${alias(next)}>.` : `Cycled index alias <${alias(next)}> from <${previous}> to <${next}>.`,
      ),
    retired: (_indexSetId, index, status) =>
      systemMessages.record(
        "org.graylog2.indexer.retention.strategies.AbstractIndexRetentionStrategy",
        `Running retention strategy [${status === "deleted" ? "DeletionRetentionStrategy" : "ClosingRetentionStrategy"}] for index <${index}>: ${status}.`,
      ),
  };
}

/**
 * Email delivery: over SMTP when a server is configured, and then (or only, without one) into the outbox, which
 * stays the record of what was sent; a mail the server refused is not recorded and its delivery is retried.
 */
function mailDelivery(db: Database, smtp: SmtpSettings | null): (mail: MailToSend) => Promise<void> {
  const send = smtp ? smtpMailer(smtp) : null;
  return async (mail) => {
    if (send) await send(mail);
    await deliverToOutbox(db, mail);
  };
}
