import type { ThreatIntelConfig } from "../../threat-intel-config.ts";
import { param, type RuleEnvironment, type RuleFunction, type RuleLookupAnswer, textOf } from "../rule-function.ts";
import { parseIp } from "./ip-functions.ts";

/**
 * Graylog's threat-intelligence functions. Each asks the lookup table Graylog's threat intel plugin names (a
 * Tor exit node, Spamhaus EDROP, abuse.ch, OTX or whois data adapter behind it); a table that is missing or
 * whose source cannot be reached is a runtime error that says so (counted on the rule), never a wait.
 */

/** The lookup tables of the threat intel plugin, by what they hold. */
export const THREAT_INTEL_TABLES = {
  tor: "tor-exit-node-list",
  spamhaus: "spamhaus-drop",
  abusechDomains: "abuse-ch-ransomware-domains",
  abusechIps: "abuse-ch-ransomware-ip",
  otxIp: "otx-api-ip",
  otxDomain: "otx-api-domain",
  whois: "whois",
} as const;

const PRIVATE_V4 = [[0x0a000000, 8], [0xac100000, 12], [0xc0a80000, 16]] as const;

/** Whether an IPv4 address is in a private network of RFC 1918 (10/8, 172.16/12, 192.168/16). */
export function inPrivateNet(text: string): boolean {
  const ip = parseIp(text.trim());
  if (!ip || ip.v6) return false;
  const value = Number(ip.value);
  return PRIVATE_V4.some(([network, bits]) => (value >>> (32 - bits)) === (network >>> (32 - bits)));
}

/** The table's answer for `key`; throws, naming the function and the reason, when the table cannot answer. */
function ask(fn: string, table: string, key: string, env: RuleEnvironment): RuleLookupAnswer {
  const answer = env.lookup(table, key);
  if (!answer) throw new Error(`${fn}: the lookup table ${table} does not exist; create it (System → Lookup Tables) with its threat intelligence data adapter`);
  if (answer.has_error) throw new Error(`${fn}: ${env.lookupError(table) ?? `the lookup table ${table} cannot answer`}`);
  return answer;
}

/** Whether a blocklist table lists `key` (its single value true or "true"). */
function listed(fn: string, table: string, key: string, env: RuleEnvironment): boolean {
  const value = ask(fn, table, key, env).single_value;
  return value === true || (typeof value === "string" && value.toLowerCase() === "true");
}

/** An IP lookup: addresses of private networks are never looked up (Graylog skips them too). */
function listedIp(fn: string, table: string, ip: unknown, env: RuleEnvironment): boolean {
  const text = (textOf(ip) ?? "").trim();
  return text !== "" && !inPrivateNet(text) && listed(fn, table, text, env);
}

function listedDomain(fn: string, table: string, domain: unknown, env: RuleEnvironment): boolean {
  const text = (textOf(domain) ?? "").trim().toLowerCase();
  return text !== "" && listed(fn, table, text, env);
}

const ipParam = param("ip_address", "String", "The IP address to look up");
const domainParam = param("domain_name", "String", "The domain name to look up");
const prefixParam = param("prefix", "String", "Put before the result's field names, e.g. \"src_addr\" gives src_addr_threat_indicated");

/** The sources the combined lookups consult, each with its switch in the configuration. */
const IP_SOURCES: readonly { key: string; enabled: keyof ThreatIntelConfig; listed(ip: string, env: RuleEnvironment): boolean }[] = [
  { key: "tor", enabled: "tor_enabled", listed: (ip, env) => listedIp("threat_intel_lookup_ip", THREAT_INTEL_TABLES.tor, ip, env) },
  { key: "spamhaus", enabled: "spamhaus_enabled", listed: (ip, env) => listedIp("threat_intel_lookup_ip", THREAT_INTEL_TABLES.spamhaus, ip, env) },
  { key: "abusech_ransomware", enabled: "abusech_ransom_enabled", listed: (ip, env) => listedIp("threat_intel_lookup_ip", THREAT_INTEL_TABLES.abusechIps, ip, env) },
];
const DOMAIN_SOURCES: typeof IP_SOURCES = [
  {
    key: "abusech_ransomware",
    enabled: "abusech_ransom_enabled",
    listed: (domain, env) => listedDomain("threat_intel_lookup_domain", THREAT_INTEL_TABLES.abusechDomains, domain, env),
  },
];

/** `{prefix}_threat_indicated`, and `{prefix}_threat_indicated_{source}` for each source that lists the value. */
function combined(sources: typeof IP_SOURCES, value: unknown, prefix: unknown, env: RuleEnvironment): Record<string, boolean> {
  const name = (textOf(prefix) ?? "").trim();
  const text = textOf(value) ?? "";
  const config = env.threatIntel();
  const result: Record<string, boolean> = { [`${name}_threat_indicated`]: false };
  for (const source of sources) {
    if (!config[source.enabled] || !source.listed(text, env)) continue;
    result[`${name}_threat_indicated`] = true;
    result[`${name}_threat_indicated_${source.key}`] = true;
  }
  return result;
}

/** OTX's answer: the adapter's fields, and whether any pulse names the indicator. */
function otx(fn: string, table: string, value: unknown, env: RuleEnvironment): Record<string, unknown> {
  const text = (textOf(value) ?? "").trim();
  if (text === "" || inPrivateNet(text)) return { otx_threat_indicated: false };
  const multi = ask(fn, table, text, env).multi_value ?? {};
  const pulses = Number(multi.pulse_count ?? 0);
  return { ...multi, otx_threat_indicated: Number.isFinite(pulses) && pulses > 0 };
}

export const THREAT_INTEL_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "threat_intel_lookup_ip",
    description: "Matches an IP address against every enabled threat intelligence source (Tor exit nodes, Spamhaus, abuse.ch)",
    params: [ipParam, prefixParam],
    returnType: "Map",
    run: ([ip, prefix], { env }) => combined(IP_SOURCES, ip, prefix, env),
  },
  {
    name: "threat_intel_lookup_domain",
    description: "Matches a domain name against every enabled threat intelligence source (abuse.ch)",
    params: [domainParam, prefixParam],
    returnType: "Map",
    run: ([domain, prefix], { env }) => combined(DOMAIN_SOURCES, domain, prefix, env),
  },
  {
    name: "tor_lookup",
    description: "Matches an IP address against the known Tor exit nodes",
    params: [ipParam],
    returnType: "Map",
    run: ([ip], { env }) => ({ threat_indicated: listedIp("tor_lookup", THREAT_INTEL_TABLES.tor, ip, env) }),
  },
  {
    name: "spamhaus_lookup_ip",
    description: "Matches an IP address against the Spamhaus DROP and EDROP lists",
    params: [ipParam],
    returnType: "Map",
    run: ([ip], { env }) => ({ threat_indicated: listedIp("spamhaus_lookup_ip", THREAT_INTEL_TABLES.spamhaus, ip, env) }),
  },
  {
    name: "abusech_ransom_lookup_ip",
    description: "Matches an IP address against the abuse.ch ransomware tracker (shut down on 2019-12-08)",
    params: [ipParam],
    returnType: "Map",
    run: ([ip], { env }) => ({ threat_indicated: listedIp("abusech_ransom_lookup_ip", THREAT_INTEL_TABLES.abusechIps, ip, env) }),
  },
  {
    name: "abusech_ransom_lookup_domain",
    description: "Matches a domain name against the abuse.ch ransomware tracker (shut down on 2019-12-08)",
    params: [domainParam],
    returnType: "Map",
    run: ([domain], { env }) => ({
      threat_indicated: listedDomain("abusech_ransom_lookup_domain", THREAT_INTEL_TABLES.abusechDomains, domain, env),
    }),
  },
  {
    name: "otx_lookup_ip",
    description: "Looks an IP address up in AlienVault OTX: its pulses and otx_threat_indicated",
    params: [ipParam],
    returnType: "Map",
    run: ([ip], { env }) => otx("otx_lookup_ip", THREAT_INTEL_TABLES.otxIp, ip, env),
  },
  {
    name: "otx_lookup_domain",
    description: "Looks a domain name up in AlienVault OTX: its pulses and otx_threat_indicated",
    params: [domainParam],
    returnType: "Map",
    run: ([domain], { env }) => otx("otx_lookup_domain", THREAT_INTEL_TABLES.otxDomain, domain, env),
  },
  {
    name: "whois_lookup_ip",
    description: "Looks up the registered owner and country code of an IP address (whois)",
    params: [ipParam, prefixParam],
    returnType: "Map",
    run: ([ip, prefix], { env }) => {
      const name = (textOf(prefix) ?? "").trim();
      const text = (textOf(ip) ?? "").trim();
      const multi = text === "" || inPrivateNet(text) ? {} : ask("whois_lookup_ip", THREAT_INTEL_TABLES.whois, text, env).multi_value ?? {};
      return {
        [`${name}_whois_organization`]: textOf(multi.organization) ?? "N/A",
        [`${name}_whois_country_code`]: textOf(multi.country_code) ?? "N/A",
      };
    },
  },
  {
    name: "in_private_net",
    description: "Checks whether an IP address is in a private network (RFC 1918: 10/8, 172.16/12, 192.168/16)",
    params: [ipParam],
    returnType: "Boolean",
    run: ([ip]) => inPrivateNet(textOf(ip) ?? ""),
  },
];
