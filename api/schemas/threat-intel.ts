import { z } from "@hono/zod-openapi";
import { THREAT_INTEL_CONFIG_CLASS, THREAT_INTEL_DEFAULTS } from "../../shared/threat-intel-config.ts";

/**
 * Graylog's threat-intelligence configuration (spec 002 §3, cluster config class of the threat intel plugin):
 * which sources `threat_intel_lookup_ip` and `threat_intel_lookup_domain` consult. All off until switched on.
 */
export const ThreatIntelConfigSchema = z
  .object({
    tor_enabled: z.boolean({ message: "tor_enabled must be true or false" }),
    spamhaus_enabled: z.boolean({ message: "spamhaus_enabled must be true or false" }),
    abusech_ransom_enabled: z.boolean({ message: "abusech_ransom_enabled must be true or false" }),
  })
  .strict()
  .openapi("ThreatIntelPluginConfiguration");

export { THREAT_INTEL_CONFIG_CLASS, THREAT_INTEL_DEFAULTS };
