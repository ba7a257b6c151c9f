import { type ReactNode, Suspense } from "react";
import { Navigate, type RouteObject, useParams } from "react-router";
import { NotFoundPage } from "../ui/errors/NotFoundPage.tsx";
import { ApiBrowserPage } from "../ui/pages/ApiBrowserPage.tsx";
import { NotAvailableYetPage } from "../ui/pages/NotAvailableYetPage.tsx";
import { StartPage } from "../ui/pages/StartPage.tsx";
import { WelcomePage } from "../ui/pages/WelcomePage.tsx";
import { AppGate } from "../ui/shell/AppGate.tsx";
import { AppLayout } from "../ui/shell/AppLayout.tsx";
import { LoadingPage } from "../ui/shell/LoadingPage.tsx";
import { PageHydratedMark } from "../ui/shell/PageHydratedMark.tsx";
import { PageRoute } from "../ui/shell/PageRoute.tsx";
import { RouteErrorPage } from "../ui/shell/RouteErrorPage.tsx";
import { systemSectionOf } from "../ui/shell/system-sections.ts";
import { lazyPage } from "./lazy-page.ts";
import { nextTask } from "./next-task.ts";
import { type PathName, paths } from "../shared/paths.ts";

/** A page of the route table: its title and what renders it (nothing yet = the 'not available yet' page). */
interface PageEntry {
  title: string;
  render?: () => ReactNode;
  /** Rendered without the navigation and footer (the dashboard wall display). */
  bare?: boolean;
  /** Overrides the permissions of the System section the path belongs to (users may see their own profile). */
  permissions?: readonly string[];
  /** Loads a page that loads on demand (the client entry calls it before hydrating a server-rendered page). */
  preload?: () => Promise<void>;
}

/** What the route table puts in a page route's `handle`. */
export interface PageHandle {
  title: string;
  preload?: () => Promise<void>;
}

// Feature pages load on demand: the login page and the shell do not carry the search page, CodeMirror or charts.
// (routes/page-modules.ts names the same modules, for the document's preloads.)
// The search page's module graph in three tasks, not one of 70–85 ms on Lighthouse's 4× slower phone: the widget
// grid (react-grid-layout), the visualizations (d3's colour scales), then the page.
const SearchPage = lazyPage(async () => {
  await import("../ui/widgets/WidgetGrid.tsx");
  await nextTask();
  await import("../ui/visualizations/registry.ts");
  await nextTask();
  return (await import("../ui/search/SearchPage.tsx")).SearchPage;
});
const ConfigurationsPage = lazyPage(() =>
  import("../ui/system/configurations/ConfigurationsPage.tsx").then((module) => module.ConfigurationsPage)
);
const MessagePage = lazyPage(() => import("../ui/search/MessagePage.tsx").then((module) => module.MessagePage));
const StreamsPage = lazyPage(() => import("../ui/streams/StreamsPage.tsx").then((module) => module.StreamsPage));
const StreamRulesPage = lazyPage(() => import("../ui/streams/StreamRulesPage.tsx").then((module) => module.StreamRulesPage));
const AlertsPage = lazyPage(() => import("../ui/alerts/AlertsPage.tsx").then((module) => module.AlertsPage));
const EventDefinitionsPage = lazyPage(() => import("../ui/alerts/EventDefinitionsPage.tsx").then((module) => module.EventDefinitionsPage));
const EventDefinitionFormPage = lazyPage(() => import("../ui/alerts/EventDefinitionFormPage.tsx").then((module) => module.EventDefinitionFormPage));
const NotificationsPage = lazyPage(() => import("../ui/alerts/NotificationsPage.tsx").then((module) => module.NotificationsPage));
const ReplaySearchRedirect = lazyPage(() => import("../ui/alerts/ReplaySearchRedirect.tsx").then((module) => module.ReplaySearchRedirect));
const DashboardsPage = lazyPage(() => import("../ui/dashboards/DashboardsPage.tsx").then((module) => module.DashboardsPage));
const DashboardPage = lazyPage(async () => {
  await import("../ui/widgets/WidgetGrid.tsx");
  await nextTask();
  await import("../ui/visualizations/registry.ts");
  await nextTask();
  return (await import("../ui/dashboards/DashboardPage.tsx")).DashboardPage;
});
const WallDisplayPage = lazyPage(async () => {
  await import("../ui/widgets/WidgetGrid.tsx");
  await nextTask();
  await import("../ui/visualizations/registry.ts");
  await nextTask();
  return (await import("../ui/dashboards/WallDisplayPage.tsx")).WallDisplayPage;
});
const SavedSearchesPage = lazyPage(() => import("../ui/views/SavedSearchesPage.tsx").then((module) => module.SavedSearchesPage));
const ShowViewPage = lazyPage(() => import("../ui/views/ShowViewPage.tsx").then((module) => module.ShowViewPage));
const OutputsPage = lazyPage(() => import("../ui/system/outputs/OutputsPage.tsx").then((module) => module.OutputsPage));
const StreamOutputsPage = lazyPage(() => import("../ui/system/outputs/StreamOutputsPage.tsx").then((module) => module.StreamOutputsPage));
const InputsPage = lazyPage(() => import("../ui/system/inputs/InputsPage.tsx").then((module) => module.InputsPage));
const ExtractorsPage = lazyPage(() => import("../ui/system/inputs/extractors/ExtractorsPage.tsx").then((module) => module.ExtractorsPage));
const ExtractorFormPage = lazyPage(() => import("../ui/system/inputs/extractors/ExtractorFormPage.tsx").then((module) => module.ExtractorFormPage));
const ExtractorsExportPage = lazyPage(() =>
  import("../ui/system/inputs/extractors/ExtractorsExportPage.tsx").then((module) => module.ExtractorsExportPage)
);
const ExtractorsImportPage = lazyPage(() =>
  import("../ui/system/inputs/extractors/ExtractorsImportPage.tsx").then((module) => module.ExtractorsImportPage)
);
const GrokPatternsPage = lazyPage(() =>
  import("../ui/system/grok-patterns/GrokPatternsPage.tsx").then((module) => module.GrokPatternsPage)
);
const UsersPage = lazyPage(() => import("../ui/system/users/UsersPage.tsx").then((module) => module.UsersPage));
const UserCreatePage = lazyPage(() => import("../ui/system/users/UserCreatePage.tsx").then((module) => module.UserCreatePage));
const UserEditPage = lazyPage(() => import("../ui/system/users/UserEditPage.tsx").then((module) => module.UserEditPage));
const UserDetailsPage = lazyPage(() => import("../ui/system/users/UserDetailsPage.tsx").then((module) => module.UserDetailsPage));
const UserTokensPage = lazyPage(() => import("../ui/system/users/UserTokensPage.tsx").then((module) => module.UserTokensPage));
const RolesPage = lazyPage(() => import("../ui/system/roles/RolesPage.tsx").then((module) => module.RolesPage));
const RoleDetailsPage = lazyPage(() => import("../ui/system/roles/RoleDetailsPage.tsx").then((module) => module.RoleDetailsPage));
const TeamsPage = lazyPage(() => import("../ui/system/teams/TeamsPage.tsx").then((module) => module.TeamsPage));
const TeamDetailsPage = lazyPage(() => import("../ui/system/teams/TeamDetailsPage.tsx").then((module) => module.TeamDetailsPage));
const TeamCreatePage = lazyPage(() => import("../ui/system/teams/TeamFormPage.tsx").then((module) => module.TeamCreatePage));
const TeamEditPage = lazyPage(() => import("../ui/system/teams/TeamFormPage.tsx").then((module) => module.TeamEditPage));
const RoleEditPage = lazyPage(() => import("../ui/system/roles/RoleFormPage.tsx").then((module) => module.RoleEditPage));
const RoleCreatePage = lazyPage(() => import("../ui/system/roles/RoleFormPage.tsx").then((module) => module.RoleCreatePage));
const AuthenticationServicesPage = lazyPage(() =>
  import("../ui/system/authentication/AuthenticationServicesPage.tsx").then((module) => module.AuthenticationServicesPage)
);
const BackendCreatePage = lazyPage(() => import("../ui/system/authentication/BackendCreatePage.tsx").then((module) => module.BackendCreatePage));
const BackendCreateWizardPage = lazyPage(() =>
  import("../ui/system/authentication/BackendWizardPage.tsx").then((module) => module.BackendCreateWizardPage)
);
const BackendEditWizardPage = lazyPage(() => import("../ui/system/authentication/BackendWizardPage.tsx").then((module) => module.BackendEditWizardPage));
const BackendDetailsPage = lazyPage(() => import("../ui/system/authentication/BackendDetailsPage.tsx").then((module) => module.BackendDetailsPage));
const ActiveBackendPage = lazyPage(() => import("../ui/system/authentication/BackendDetailsPage.tsx").then((module) => module.ActiveBackendPage));
const AuthenticatorsPage = lazyPage(() => import("../ui/system/authentication/AuthenticatorsPage.tsx").then((module) => module.AuthenticatorsPage));
const AuthenticatorsEditPage = lazyPage(() => import("../ui/system/authentication/AuthenticatorsPage.tsx").then((module) => module.AuthenticatorsEditPage));
const SimulatorPage = lazyPage(() => import("../ui/system/pipelines/SimulatorPage.tsx").then((module) => module.SimulatorPage));
const PipelinesPage = lazyPage(() => import("../ui/system/pipelines/PipelinesPage.tsx").then((module) => module.PipelinesPage));
const PipelinePage = lazyPage(() => import("../ui/system/pipelines/PipelinePage.tsx").then((module) => module.PipelinePage));
const PipelineRulesPage = lazyPage(() => import("../ui/system/pipelines/RulesPage.tsx").then((module) => module.RulesPage));
const PipelineRulePage = lazyPage(() => import("../ui/system/pipelines/RulePage.tsx").then((module) => module.RulePage));
const lookupList = (name: "LookupTablesPage" | "LookupCachesPage" | "DataAdaptersPage") =>
  lazyPage(() => import("../ui/system/lookup-tables/LookupListPage.tsx").then((module) => module[name]));
const lookupDetails = (name: "LookupTablePage" | "LookupCachePage" | "DataAdapterPage") =>
  lazyPage(() => import("../ui/system/lookup-tables/LookupDetailPages.tsx").then((module) => module[name]));
const LookupTablesPage = lookupList("LookupTablesPage");
const LookupCachesPage = lookupList("LookupCachesPage");
const DataAdaptersPage = lookupList("DataAdaptersPage");
const LookupTablePage = lookupDetails("LookupTablePage");
const LookupCachePage = lookupDetails("LookupCachePage");
const DataAdapterPage = lookupDetails("DataAdapterPage");
const LookupTableCreatePage = lazyPage(() => import("../ui/system/lookup-tables/LookupTableFormPage.tsx").then((module) => module.LookupTableCreatePage));
const LookupTableEditPage = lazyPage(() => import("../ui/system/lookup-tables/LookupTableFormPage.tsx").then((module) => module.LookupTableEditPage));
const CacheCreatePage = lazyPage(() => import("../ui/system/lookup-tables/CacheFormPage.tsx").then((module) => module.CacheCreatePage));
const CacheEditPage = lazyPage(() => import("../ui/system/lookup-tables/CacheFormPage.tsx").then((module) => module.CacheEditPage));
const DataAdapterCreatePage = lazyPage(() => import("../ui/system/lookup-tables/DataAdapterFormPage.tsx").then((module) => module.DataAdapterCreatePage));
const DataAdapterEditPage = lazyPage(() => import("../ui/system/lookup-tables/DataAdapterFormPage.tsx").then((module) => module.DataAdapterEditPage));

const ContentPacksPage = lazyPage(() => import("../ui/system/content-packs/ContentPacksPage.tsx").then((module) => module.ContentPacksPage));
const ContentPackPage = lazyPage(() => import("../ui/system/content-packs/ContentPackPage.tsx").then((module) => module.ContentPackPage));
const ContentPackCreatePage = lazyPage(() =>
  import("../ui/system/content-packs/ContentPackCreatePage.tsx").then((module) => module.ContentPackCreatePage)
);
const SidecarsPage = lazyPage(() => import("../ui/system/sidecars/SidecarsPage.tsx").then((module) => module.SidecarsPage));
const SidecarStatusPage = lazyPage(() => import("../ui/system/sidecars/SidecarStatusPage.tsx").then((module) => module.SidecarStatusPage));
const SidecarAdministrationPage = lazyPage(() => import("../ui/system/sidecars/SidecarAdministrationPage.tsx").then((module) => module.SidecarAdministrationPage));
const SidecarConfigurationPage = lazyPage(() => import("../ui/system/sidecars/SidecarConfigurationPage.tsx").then((module) => module.SidecarConfigurationPage));
const FailureTrackingPage = lazyPage(() => import("../ui/system/sidecars/FailureTrackingPage.tsx").then((module) => module.FailureTrackingPage));
const ConfigurationFormPage = lazyPage(() => import("../ui/system/sidecars/ConfigurationFormPage.tsx").then((module) => module.ConfigurationFormPage));
const CollectorFormPage = lazyPage(() => import("../ui/system/sidecars/CollectorFormPage.tsx").then((module) => module.CollectorFormPage));
const IndicesPage = lazyPage(() => import("../ui/system/indices/IndicesPage.tsx").then((module) => module.IndicesPage));
const IndexSetPage = lazyPage(() => import("../ui/system/indices/IndexSetPage.tsx").then((module) => module.IndexSetPage));
const IndexSetCreatePage = lazyPage(() =>
  import("../ui/system/indices/IndexSetFormPage.tsx").then((module) => module.IndexSetCreatePage)
);
const IndexSetConfigurationPage = lazyPage(() =>
  import("../ui/system/indices/IndexSetFormPage.tsx").then((module) => module.IndexSetConfigurationPage)
);
const SystemOverviewPage = lazyPage(() =>
  import("../ui/system/overview/SystemOverviewPage.tsx").then((module) => module.SystemOverviewPage)
);
const LoggingPage = lazyPage(() => import("../ui/system/logging/LoggingPage.tsx").then((module) => module.LoggingPage));
const SourcesPage = lazyPage(() => import("../ui/system/sources/SourcesPage.tsx").then((module) => module.SourcesPage));
const EnterprisePage = lazyPage(() => import("../ui/system/enterprise/EnterprisePage.tsx").then((module) => module.EnterprisePage));
const SecurityPage = lazyPage(() => import("../ui/system/enterprise/SecurityPage.tsx").then((module) => module.SecurityPage));
const IndexFailuresPage = lazyPage(() => import("../ui/system/indices/IndexFailuresPage.tsx").then((module) => module.IndexFailuresPage));
const NodesPage = lazyPage(() => import("../ui/system/nodes/NodesPage.tsx").then((module) => module.NodesPage));
const NodePage = lazyPage(() => import("../ui/system/nodes/NodePage.tsx").then((module) => module.NodePage));
const NodeMetricsPage = lazyPage(() => import("../ui/system/nodes/NodeMetricsPage.tsx").then((module) => module.NodeMetricsPage));
const ThreadDumpPage = lazyPage(() => import("../ui/system/nodes/ThreadDumpPage.tsx").then((module) => module.ThreadDumpPage));
const ProcessBufferDumpPage = lazyPage(() =>
  import("../ui/system/nodes/ProcessBufferDumpPage.tsx").then((module) => module.ProcessBufferDumpPage)
);

const onDemand = (page: ReactNode) => () => (
  <Suspense fallback={<LoadingPage text="Loading…" />}>
    {page}
    <PageHydratedMark />
  </Suspense>
);

const redirect = (to: (params: Record<string, string | undefined>) => string) => () => <RedirectTo to={to} />;

/** Every path of spec 000 §2.2 with its page. */
export const PAGES: Record<PathName, PageEntry> = {
  root: { title: "Start", render: () => <StartPage /> },
  notFound: { title: "Page not found", render: () => <NotFoundPage /> },
  welcome: { title: "Welcome", render: () => <WelcomePage /> },
  apiBrowser: { title: "API Browser", render: () => <ApiBrowserPage /> },
  security: { title: "Security", permissions: ["licenseinfos:read"], render: onDemand(<SecurityPage />), preload: SecurityPage.preload },
  sources: { title: "Sources", render: onDemand(<SourcesPage />), preload: SourcesPage.preload },

  search: { title: "Search", render: onDemand(<SearchPage />), preload: SearchPage.preload },
  searchNew: { title: "New search", render: onDemand(<SearchPage fresh />), preload: SearchPage.preload },
  searchView: { title: "Saved search", render: onDemand(<SearchPage />), preload: SearchPage.preload },
  extendedSearch: { title: "Search", render: redirect(() => paths.search.href()) },
  views: { title: "Saved searches", render: onDemand(<SavedSearchesPage />), preload: SavedSearchesPage.preload },
  view: { title: "Saved search", render: onDemand(<ShowViewPage />), preload: ShowViewPage.preload },

  dashboards: { title: "Dashboards", render: onDemand(<DashboardsPage />), preload: DashboardsPage.preload },
  dashboardNew: { title: "New dashboard", render: onDemand(<DashboardPage fresh />), preload: DashboardPage.preload },
  dashboardTv: { title: "Dashboard wall display", bare: true, render: onDemand(<WallDisplayPage />), preload: WallDisplayPage.preload },
  dashboard: { title: "Dashboard", render: onDemand(<DashboardPage />), preload: DashboardPage.preload },

  streams: { title: "Streams", render: onDemand(<StreamsPage />), preload: StreamsPage.preload },
  streamEdit: { title: "Stream rules", render: onDemand(<StreamRulesPage />), preload: StreamRulesPage.preload },
  streamOutputs: { title: "Stream outputs", render: onDemand(<StreamOutputsPage />), preload: StreamOutputsPage.preload },
  streamSearch: { title: "Stream search", render: onDemand(<SearchPage />), preload: SearchPage.preload },
  streamSearchNew: {
    title: "Stream search",
    render: redirect(({ streamId }) => (streamId ? paths.streamSearch.href({ streamId }) : paths.search.href())),
  },
  streamMessages: { title: "Stream search", render: redirect(({ streamId }) => paths.streamSearch.href({ streamId: streamId ?? "" })) },
  message: { title: "Message", render: onDemand(<MessagePage />), preload: MessagePage.preload },

  alerts: { title: "Alerts & Events", render: onDemand(<AlertsPage />), preload: AlertsPage.preload },
  alertReplay: { title: "Replay search", render: onDemand(<ReplaySearchRedirect />), preload: ReplaySearchRedirect.preload },
  eventDefinitions: { title: "Event Definitions", render: onDemand(<EventDefinitionsPage />), preload: EventDefinitionsPage.preload },
  eventDefinitionNew: { title: "New event definition", render: onDemand(<EventDefinitionFormPage />), preload: EventDefinitionFormPage.preload },
  eventDefinition: { title: "Event definition", render: onDemand(<EventDefinitionFormPage />), preload: EventDefinitionFormPage.preload },
  eventDefinitionEdit: { title: "Edit event definition", render: onDemand(<EventDefinitionFormPage />), preload: EventDefinitionFormPage.preload },
  eventDefinitionReplay: { title: "Replay search", render: onDemand(<ReplaySearchRedirect />), preload: ReplaySearchRedirect.preload },
  eventNotifications: { title: "Notifications", render: onDemand(<NotificationsPage />), preload: NotificationsPage.preload },
  eventNotificationNew: { title: "New notification", render: onDemand(<NotificationsPage />), preload: NotificationsPage.preload },
  eventNotification: { title: "Notification", render: onDemand(<NotificationsPage />), preload: NotificationsPage.preload },
  eventNotificationEdit: { title: "Edit notification", render: onDemand(<NotificationsPage />), preload: NotificationsPage.preload },

  systemOverview: { title: "System Overview", render: onDemand(<SystemOverviewPage />), preload: SystemOverviewPage.preload },
  systemConfigurations: { title: "Configurations", render: onDemand(<ConfigurationsPage />), preload: ConfigurationsPage.preload },
  systemOutputs: { title: "Outputs", render: onDemand(<OutputsPage />), preload: OutputsPage.preload },
  systemLogging: { title: "Logging", render: onDemand(<LoggingPage />), preload: LoggingPage.preload },
  systemGrokPatterns: { title: "Grok Patterns", render: onDemand(<GrokPatternsPage />), preload: GrokPatternsPage.preload },
  systemEnterprise: { title: "Enterprise", render: onDemand(<EnterprisePage />), preload: EnterprisePage.preload },

  inputs: { title: "Inputs", render: onDemand(<InputsPage />), preload: InputsPage.preload },
  extractors: { title: "Extractors", render: onDemand(<ExtractorsPage />), preload: ExtractorsPage.preload },
  extractorsExport: { title: "Export extractors", render: onDemand(<ExtractorsExportPage />), preload: ExtractorsExportPage.preload },
  extractorsImport: { title: "Import extractors", render: onDemand(<ExtractorsImportPage />), preload: ExtractorsImportPage.preload },
  extractorNew: { title: "New extractor", render: onDemand(<ExtractorFormPage />), preload: ExtractorFormPage.preload },
  extractorEdit: { title: "Edit extractor", render: onDemand(<ExtractorFormPage />), preload: ExtractorFormPage.preload },
  nodeExtractors: { title: "Extractors", render: onDemand(<ExtractorsPage />), preload: ExtractorsPage.preload },
  nodeExtractorsExport: { title: "Export extractors", render: onDemand(<ExtractorsExportPage />), preload: ExtractorsExportPage.preload },
  nodeExtractorsImport: { title: "Import extractors", render: onDemand(<ExtractorsImportPage />), preload: ExtractorsImportPage.preload },
  nodeExtractorNew: { title: "New extractor", render: onDemand(<ExtractorFormPage />), preload: ExtractorFormPage.preload },
  nodeExtractorEdit: { title: "Edit extractor", render: onDemand(<ExtractorFormPage />), preload: ExtractorFormPage.preload },

  contentPacks: { title: "Content Packs", render: onDemand(<ContentPacksPage />), preload: ContentPacksPage.preload },
  contentPacksExport: { title: "Export content pack", render: onDemand(<ContentPackCreatePage />), preload: ContentPackCreatePage.preload },
  contentPacksCreate: { title: "Create content pack", render: onDemand(<ContentPackCreatePage />), preload: ContentPackCreatePage.preload },
  contentPack: { title: "Content pack", render: onDemand(<ContentPackPage />), preload: ContentPackPage.preload },
  contentPackEdit: { title: "Edit content pack", render: onDemand(<ContentPackCreatePage />), preload: ContentPackCreatePage.preload },

  indices: { title: "Indices & Index Sets", render: onDemand(<IndicesPage />), preload: IndicesPage.preload },
  indexFailures: { title: "Indexer failures", render: onDemand(<IndexFailuresPage />), preload: IndexFailuresPage.preload },
  indexSetCreate: { title: "Create index set", render: onDemand(<IndexSetCreatePage />), preload: IndexSetCreatePage.preload },
  indexSet: { title: "Index set", render: onDemand(<IndexSetPage />), preload: IndexSetPage.preload },
  indexSetConfiguration: {
    title: "Configure index set",
    render: onDemand(<IndexSetConfigurationPage />),
    preload: IndexSetConfigurationPage.preload,
  },

  nodes: { title: "Nodes", render: onDemand(<NodesPage />), preload: NodesPage.preload },
  node: { title: "Node", render: onDemand(<NodePage />), preload: NodePage.preload },
  nodeMetrics: { title: "Metrics", render: onDemand(<NodeMetricsPage />), preload: NodeMetricsPage.preload },
  nodeThreadDump: { title: "Thread dump", render: onDemand(<ThreadDumpPage />), preload: ThreadDumpPage.preload },
  nodeProcessBufferDump: {
    title: "Process-buffer dump",
    render: onDemand(<ProcessBufferDumpPage />),
    preload: ProcessBufferDumpPage.preload,
  },

  authentication: { title: "Authentication", render: redirect(() => paths.authenticationServices.href()) },
  authenticationServices: {
    title: "Authentication Services",
    render: onDemand(<AuthenticationServicesPage />),
    preload: AuthenticationServicesPage.preload,
  },
  authenticationActive: { title: "Active authentication service", render: onDemand(<ActiveBackendPage />), preload: ActiveBackendPage.preload },
  authenticationCreate: { title: "Create authentication service", render: onDemand(<BackendCreatePage />), preload: BackendCreatePage.preload },
  authenticationCreateBackend: {
    title: "Create authentication service",
    render: onDemand(<BackendCreateWizardPage />),
    preload: BackendCreateWizardPage.preload,
  },
  authenticationService: { title: "Authentication service", render: onDemand(<BackendDetailsPage />), preload: BackendDetailsPage.preload },
  authenticationEdit: { title: "Edit authentication service", render: onDemand(<BackendEditWizardPage />), preload: BackendEditWizardPage.preload },
  authenticators: { title: "Authenticators", render: onDemand(<AuthenticatorsPage />), preload: AuthenticatorsPage.preload },
  authenticatorsEdit: { title: "Edit authenticators", render: onDemand(<AuthenticatorsEditPage />), preload: AuthenticatorsEditPage.preload },

  users: { title: "Users Overview", render: onDemand(<UsersPage />), preload: UsersPage.preload },
  userNew: { title: "Create new user", render: onDemand(<UserCreatePage />), preload: UserCreatePage.preload },
  userEdit: { title: "Edit user", permissions: [], render: onDemand(<UserEditPage />), preload: UserEditPage.preload },
  user: { title: "User details", permissions: [], render: onDemand(<UserDetailsPage />), preload: UserDetailsPage.preload },
  userTokens: { title: "Edit tokens", permissions: [], render: onDemand(<UserTokensPage />), preload: UserTokensPage.preload },

  teams: { title: "Teams Overview", permissions: ["teams:list"], render: onDemand(<TeamsPage />), preload: TeamsPage.preload },
  teamNew: { title: "Create team", permissions: ["teams:create"], render: onDemand(<TeamCreatePage />), preload: TeamCreatePage.preload },
  teamEdit: { title: "Edit team", permissions: ["teams:list"], render: onDemand(<TeamEditPage />), preload: TeamEditPage.preload },
  team: { title: "Team details", permissions: ["teams:list"], render: onDemand(<TeamDetailsPage />), preload: TeamDetailsPage.preload },

  roles: { title: "Roles Overview", render: onDemand(<RolesPage />), preload: RolesPage.preload },
  roleNew: { title: "Create role", render: onDemand(<RoleCreatePage />), preload: RoleCreatePage.preload },
  role: { title: "Role details", render: onDemand(<RoleDetailsPage />), preload: RoleDetailsPage.preload },
  roleEdit: { title: "Edit role", render: onDemand(<RoleEditPage />), preload: RoleEditPage.preload },

  lookupTables: { title: "Lookup Tables", render: onDemand(<LookupTablesPage />), preload: LookupTablesPage.preload },
  lookupTableCreate: { title: "Create lookup table", render: onDemand(<LookupTableCreatePage />), preload: LookupTableCreatePage.preload },
  lookupTable: { title: "Lookup table", render: onDemand(<LookupTablePage />), preload: LookupTablePage.preload },
  lookupTableEdit: { title: "Edit lookup table", render: onDemand(<LookupTableEditPage />), preload: LookupTableEditPage.preload },
  lookupCaches: { title: "Caches", render: onDemand(<LookupCachesPage />), preload: LookupCachesPage.preload },
  lookupCacheCreate: { title: "Create cache", render: onDemand(<CacheCreatePage />), preload: CacheCreatePage.preload },
  lookupCache: { title: "Cache", render: onDemand(<LookupCachePage />), preload: LookupCachePage.preload },
  lookupCacheEdit: { title: "Edit cache", render: onDemand(<CacheEditPage />), preload: CacheEditPage.preload },
  lookupAdapters: { title: "Data Adapters", render: onDemand(<DataAdaptersPage />), preload: DataAdaptersPage.preload },
  lookupAdapterCreate: { title: "Create data adapter", render: onDemand(<DataAdapterCreatePage />), preload: DataAdapterCreatePage.preload },
  lookupAdapter: { title: "Data adapter", render: onDemand(<DataAdapterPage />), preload: DataAdapterPage.preload },
  lookupAdapterEdit: { title: "Edit data adapter", render: onDemand(<DataAdapterEditPage />), preload: DataAdapterEditPage.preload },

  pipelines: { title: "Pipelines", render: onDemand(<PipelinesPage />), preload: PipelinesPage.preload },
  pipeline: { title: "Pipeline", render: onDemand(<PipelinePage />), preload: PipelinePage.preload },
  pipelineRules: { title: "Pipeline Rules", render: onDemand(<PipelineRulesPage />), preload: PipelineRulesPage.preload },
  pipelineRule: { title: "Pipeline rule", render: onDemand(<PipelineRulePage />), preload: PipelineRulePage.preload },
  pipelineSimulate: { title: "Simulate processing", render: onDemand(<SimulatorPage />), preload: SimulatorPage.preload },

  sidecars: { title: "Sidecars Overview", render: onDemand(<SidecarsPage />), preload: SidecarsPage.preload },
  sidecarStatus: { title: "Sidecar status", render: onDemand(<SidecarStatusPage />), preload: SidecarStatusPage.preload },
  sidecarAdministration: { title: "Collectors Administration", render: onDemand(<SidecarAdministrationPage />), preload: SidecarAdministrationPage.preload },
  sidecarConfiguration: { title: "Collectors Configuration", render: onDemand(<SidecarConfigurationPage />), preload: SidecarConfigurationPage.preload },
  sidecarFailureTracking: { title: "Sidecar failure tracking", render: onDemand(<FailureTrackingPage />), preload: FailureTrackingPage.preload },
  sidecarConfigurationNew: { title: "New collector configuration", render: onDemand(<ConfigurationFormPage />), preload: ConfigurationFormPage.preload },
  sidecarConfigurationEdit: { title: "Edit collector configuration", render: onDemand(<ConfigurationFormPage />), preload: ConfigurationFormPage.preload },
  sidecarCollectorNew: { title: "New log collector", render: onDemand(<CollectorFormPage />), preload: CollectorFormPage.preload },
  sidecarCollectorEdit: { title: "Edit log collector", render: onDemand(<CollectorFormPage />), preload: CollectorFormPage.preload },
};

/** Pages that work today (README status table is checked against this). */
export function isPageAvailable(name: PathName): boolean {
  return PAGES[name].render !== undefined;
}

function pageRoute(name: PathName): RouteObject {
  const { pattern } = paths[name];
  const { title, render, permissions, preload } = PAGES[name];
  const section = systemSectionOf(pattern.replace(/\/:.*$/, ""));
  return {
    path: pattern,
    handle: { title, preload } satisfies PageHandle,
    element: (
      <PageRoute permissions={permissions ?? section?.permissions ?? []} anyPermissions={!permissions && section?.anyPermissions}>
        {render ? render() : <NotAvailableYetPage title={title} />}
      </PageRoute>
    ),
  };
}

const names = Object.keys(PAGES) as PathName[];

/** The react-router route objects, shared by the server render and the browser. */
export const routes: RouteObject[] = [
  {
    element: <AppGate />,
    errorElement: <RouteErrorPage />,
    children: [
      ...names.filter((name) => PAGES[name].bare).map(pageRoute),
      {
        element: <AppLayout />,
        children: [{
          errorElement: <RouteErrorPage />,
          children: [
            ...names.filter((name) => !PAGES[name].bare).map(pageRoute),
            { path: "*", handle: { title: "Page not found" }, element: <NotFoundPage /> },
          ],
        }],
      },
    ],
  },
];

function RedirectTo({ to }: { to: (params: Record<string, string | undefined>) => string }) {
  return <Navigate to={to(useParams())} replace />;
}
