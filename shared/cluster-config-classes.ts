/** Graylog's cluster config class names the browser names too (zod-free, unlike api/schemas). */
export const SEARCHES_CONFIG_CLASS = "org.graylog2.indexer.searches.SearchesClusterConfig" as const;
export const USER_CONFIGURATION_CLASS = "org.graylog2.users.UserConfiguration" as const;
export const USER_AND_TEAMS_CONFIG_CLASS = "org.graylog2.users.UserAndTeamsConfig" as const;
export const INDEX_SET_DEFAULTS_CONFIG_CLASS = "org.graylog2.configuration.IndexSetsDefaultConfiguration" as const;
