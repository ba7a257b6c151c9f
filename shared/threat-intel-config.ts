/**
 * The threat-intelligence configuration (Graylog's `ThreatIntelPluginConfiguration` cluster config): which
 * sources the combined lookups consult. Zod-free, so the rule functions, the backend and the browser share it.
 */
export interface ThreatIntelConfig {
  tor_enabled: boolean;
  spamhaus_enabled: boolean;
  abusech_ransom_enabled: boolean;
}

export const THREAT_INTEL_CONFIG_CLASS = "org.graylog.plugins.threatintel.ThreatIntelPluginConfiguration" as const;

export const THREAT_INTEL_DEFAULTS: ThreatIntelConfig = { tor_enabled: false, spamhaus_enabled: false, abusech_ransom_enabled: false };
