import { type PathName, paths } from "../shared/paths.ts";

/**
 * The route table's pages that load on demand, by page, as the module each one imports (the paths esbuild's
 * metafile names; routes/route-table.tsx imports the same modules). The client build turns each into the chunks
 * to preload (scripts/build-client.ts), so a server-rendered page's code is fetched beside the entry instead of
 * after hydration asks for it.
 */
export const PAGE_MODULES = {
  search: "ui/search/SearchPage.tsx",
  searchNew: "ui/search/SearchPage.tsx",
  searchView: "ui/search/SearchPage.tsx",
  streams: "ui/streams/StreamsPage.tsx",
  dashboards: "ui/dashboards/DashboardsPage.tsx",
  dashboardNew: "ui/dashboards/DashboardPage.tsx",
  dashboardTv: "ui/dashboards/WallDisplayPage.tsx",
  dashboard: "ui/dashboards/DashboardPage.tsx",
  streamEdit: "ui/streams/StreamRulesPage.tsx",
  streamSearch: "ui/search/SearchPage.tsx",
  message: "ui/search/MessagePage.tsx",
  systemConfigurations: "ui/system/configurations/ConfigurationsPage.tsx",
  systemGrokPatterns: "ui/system/grok-patterns/GrokPatternsPage.tsx",
  contentPacks: "ui/system/content-packs/ContentPacksPage.tsx",
  contentPacksExport: "ui/system/content-packs/ContentPackCreatePage.tsx",
  contentPacksCreate: "ui/system/content-packs/ContentPackCreatePage.tsx",
  contentPack: "ui/system/content-packs/ContentPackPage.tsx",
  contentPackEdit: "ui/system/content-packs/ContentPackCreatePage.tsx",
  sidecars: "ui/system/sidecars/SidecarsPage.tsx",
  sidecarStatus: "ui/system/sidecars/SidecarStatusPage.tsx",
  sidecarAdministration: "ui/system/sidecars/SidecarAdministrationPage.tsx",
  sidecarConfiguration: "ui/system/sidecars/SidecarConfigurationPage.tsx",
  sidecarFailureTracking: "ui/system/sidecars/FailureTrackingPage.tsx",
  sidecarConfigurationNew: "ui/system/sidecars/ConfigurationFormPage.tsx",
  sidecarConfigurationEdit: "ui/system/sidecars/ConfigurationFormPage.tsx",
  sidecarCollectorNew: "ui/system/sidecars/CollectorFormPage.tsx",
  sidecarCollectorEdit: "ui/system/sidecars/CollectorFormPage.tsx",
  alerts: "ui/alerts/AlertsPage.tsx",
  eventDefinitions: "ui/alerts/EventDefinitionsPage.tsx",
  eventDefinitionNew: "ui/alerts/EventDefinitionFormPage.tsx",
  eventDefinition: "ui/alerts/EventDefinitionFormPage.tsx",
  eventDefinitionEdit: "ui/alerts/EventDefinitionFormPage.tsx",
  eventNotifications: "ui/alerts/NotificationsPage.tsx",
  eventNotificationNew: "ui/alerts/NotificationsPage.tsx",
  eventNotification: "ui/alerts/NotificationsPage.tsx",
  eventNotificationEdit: "ui/alerts/NotificationsPage.tsx",
  inputs: "ui/system/inputs/InputsPage.tsx",
  systemOutputs: "ui/system/outputs/OutputsPage.tsx",
  streamOutputs: "ui/system/outputs/StreamOutputsPage.tsx",
  extractors: "ui/system/inputs/extractors/ExtractorsPage.tsx",
  extractorsExport: "ui/system/inputs/extractors/ExtractorsExportPage.tsx",
  extractorsImport: "ui/system/inputs/extractors/ExtractorsImportPage.tsx",
  extractorNew: "ui/system/inputs/extractors/ExtractorFormPage.tsx",
  extractorEdit: "ui/system/inputs/extractors/ExtractorFormPage.tsx",
  nodeExtractors: "ui/system/inputs/extractors/ExtractorsPage.tsx",
  nodeExtractorsExport: "ui/system/inputs/extractors/ExtractorsExportPage.tsx",
  nodeExtractorsImport: "ui/system/inputs/extractors/ExtractorsImportPage.tsx",
  nodeExtractorNew: "ui/system/inputs/extractors/ExtractorFormPage.tsx",
  nodeExtractorEdit: "ui/system/inputs/extractors/ExtractorFormPage.tsx",
  users: "ui/system/users/UsersPage.tsx",
  userNew: "ui/system/users/UserCreatePage.tsx",
  userEdit: "ui/system/users/UserEditPage.tsx",
  user: "ui/system/users/UserDetailsPage.tsx",
  userTokens: "ui/system/users/UserTokensPage.tsx",
  teams: "ui/system/teams/TeamsPage.tsx",
  teamNew: "ui/system/teams/TeamFormPage.tsx",
  teamEdit: "ui/system/teams/TeamFormPage.tsx",
  team: "ui/system/teams/TeamDetailsPage.tsx",
  roles: "ui/system/roles/RolesPage.tsx",
  role: "ui/system/roles/RoleDetailsPage.tsx",
  roleNew: "ui/system/roles/RoleFormPage.tsx",
  roleEdit: "ui/system/roles/RoleFormPage.tsx",
  authenticationServices: "ui/system/authentication/AuthenticationServicesPage.tsx",
  authenticationActive: "ui/system/authentication/BackendDetailsPage.tsx",
  authenticationCreate: "ui/system/authentication/BackendCreatePage.tsx",
  authenticationCreateBackend: "ui/system/authentication/BackendWizardPage.tsx",
  authenticationService: "ui/system/authentication/BackendDetailsPage.tsx",
  authenticationEdit: "ui/system/authentication/BackendWizardPage.tsx",
  authenticators: "ui/system/authentication/AuthenticatorsPage.tsx",
  authenticatorsEdit: "ui/system/authentication/AuthenticatorsPage.tsx",
  pipelineSimulate: "ui/system/pipelines/SimulatorPage.tsx",
  pipelines: "ui/system/pipelines/PipelinesPage.tsx",
  pipeline: "ui/system/pipelines/PipelinePage.tsx",
  pipelineRules: "ui/system/pipelines/RulesPage.tsx",
  pipelineRule: "ui/system/pipelines/RulePage.tsx",
  lookupTables: "ui/system/lookup-tables/LookupListPage.tsx",
  lookupCaches: "ui/system/lookup-tables/LookupListPage.tsx",
  lookupAdapters: "ui/system/lookup-tables/LookupListPage.tsx",
  lookupTable: "ui/system/lookup-tables/LookupDetailPages.tsx",
  lookupCache: "ui/system/lookup-tables/LookupDetailPages.tsx",
  lookupAdapter: "ui/system/lookup-tables/LookupDetailPages.tsx",
  lookupTableCreate: "ui/system/lookup-tables/LookupTableFormPage.tsx",
  lookupTableEdit: "ui/system/lookup-tables/LookupTableFormPage.tsx",
  lookupCacheCreate: "ui/system/lookup-tables/CacheFormPage.tsx",
  lookupCacheEdit: "ui/system/lookup-tables/CacheFormPage.tsx",
  lookupAdapterCreate: "ui/system/lookup-tables/DataAdapterFormPage.tsx",
  lookupAdapterEdit: "ui/system/lookup-tables/DataAdapterFormPage.tsx",
  indices: "ui/system/indices/IndicesPage.tsx",
  indexSet: "ui/system/indices/IndexSetPage.tsx",
  indexSetCreate: "ui/system/indices/IndexSetFormPage.tsx",
  indexSetConfiguration: "ui/system/indices/IndexSetFormPage.tsx",
  views: "ui/views/SavedSearchesPage.tsx",
  view: "ui/views/ShowViewPage.tsx",
  indexFailures: "ui/system/indices/IndexFailuresPage.tsx",
  systemOverview: "ui/system/overview/SystemOverviewPage.tsx",
  nodes: "ui/system/nodes/NodesPage.tsx",
  node: "ui/system/nodes/NodePage.tsx",
  nodeMetrics: "ui/system/nodes/NodeMetricsPage.tsx",
  nodeThreadDump: "ui/system/nodes/ThreadDumpPage.tsx",
  nodeProcessBufferDump: "ui/system/nodes/ProcessBufferDumpPage.tsx",
  systemLogging: "ui/system/logging/LoggingPage.tsx",
  sources: "ui/system/sources/SourcesPage.tsx",
  systemEnterprise: "ui/system/enterprise/EnterprisePage.tsx",
  security: "ui/system/enterprise/SecurityPage.tsx",
} as const satisfies Partial<Record<PathName, string>>;

/**
 * Modules loaded on demand that a page's server render draws as a rule, preloaded with the page: the default
 * search draws the Message Count as a bar chart (ui/widgets/logic/default-search-view.ts). Without the preload
 * the chart's code is asked for only when hydration reaches the chart, one request after the page's, and on a
 * busy phone the server's drawing can be replaced before that code is there. Other charts load on first use.
 */
export const PAGE_DRAWN_MODULES: Readonly<Record<string, readonly string[]>> = {
  "ui/search/SearchPage.tsx": ["ui/visualizations/bar/BarVisualization.tsx"],
};

/** Every on-demand page module, once. */
export const pageModules = (): string[] => [...new Set(Object.values(PAGE_MODULES))];

/** The on-demand module of the page a matched route pattern is (null for pages that come with the entry). */
export function pageModuleOf(routePattern: string | undefined): string | null {
  const name = (Object.keys(PAGE_MODULES) as (keyof typeof PAGE_MODULES)[])
    .find((page) => paths[page].pattern === routePattern);
  return name ? PAGE_MODULES[name] : null;
}
