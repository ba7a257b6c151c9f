import type { CacheConfig, DataAdapterConfig } from "../../api/schemas/lookup-configs.ts";
import type { LookupCache, LookupCacheBody } from "../../api/schemas/lookup-tables.ts";
import { THREAT_INTEL_TABLES } from "../../shared/pipeline-rules/functions/threat-intel-functions.ts";
import type { Database } from "../database.ts";
import { seededTableBody } from "./seeded-table-body.ts";
import type { EmbeddedLookupStore } from "./lookup-store.ts";

export const THREAT_INTEL_SEED_STATEMENTS = [
  // One row once the threat intel tables were installed, so that deleting them later does not bring them back.
  `CREATE TABLE IF NOT EXISTS threat_intel_seed_installed (installed_at TIMESTAMP NOT NULL)`,
];

const KEEP = "The threat intelligence pipeline functions look their data up here: keep the name.";

interface SeedCache {
  name: string;
  title: string;
  config: CacheConfig;
}

/** The caches Graylog's threat intel plugin ships (its migration's names and settings). */
const CACHES = {
  uncached: { name: "threat-intel-uncached-adapters", title: "Threat Intel Uncached Adapters", config: { type: "none" } },
  spamhaus: { name: "spamhaus-e-drop-cache", title: "Spamhaus (E)DROP Cache", config: inMemory(0, "SECONDS", 1, "DAYS") },
  whois: { name: "whois-cache", title: "Whois Cache", config: inMemory(0, "DAYS", 1, "DAYS") },
  otxIp: { name: "otx-api-ip-cache", title: "Open Threat Exchange (OTX) - IP Cache", config: inMemory(0, "SECONDS", 60, "SECONDS") },
  otxDomain: { name: "otx-api-domain-cache", title: "Open Threat Exchange (OTX) - Domain Cache", config: inMemory(0, "SECONDS", 60, "SECONDS") },
} satisfies Record<string, SeedCache>;

interface SeedTable {
  /** The table's name, the one the pipeline functions ask for (THREAT_INTEL_TABLES). */
  name: string;
  title: string;
  description: string;
  cache: keyof typeof CACHES;
  adapter: { name: string; title: string; config: DataAdapterConfig };
}

const OTX_CONFIG = {
  type: "otx-api",
  api_key: null,
  api_url: "https://otx.alienvault.com",
  http_user_agent: "Graylog Threat Intelligence Plugin",
  http_connect_timeout: 10_000,
  http_write_timeout: 10_000,
  http_read_timeout: 60_000,
} as const;

/**
 * The lookup tables Graylog's threat intel plugin installs on a new cluster, with their caches and data adapters
 * under the same names, so that `tor_lookup`, `spamhaus_lookup_ip`, `otx_lookup_ip`, `whois_lookup_ip`,
 * `threat_intel_lookup_ip` and the rest find their tables as they do on Graylog. Their sources are on the
 * internet: here they answer at once that the source cannot be reached (or that their switch is off).
 */
const TABLES: readonly SeedTable[] = [
  {
    name: THREAT_INTEL_TABLES.tor,
    title: "Tor Exit Node List",
    description: "IP addresses of the Tor network's exit nodes (check.torproject.org), for tor_lookup and threat_intel_lookup_ip.",
    cache: "uncached",
    adapter: { name: "tor-exit-node", title: "Tor Exit Node", config: { type: "torexitnode" } },
  },
  {
    name: THREAT_INTEL_TABLES.spamhaus,
    title: "Spamhaus DROP",
    description: "Netblocks on Spamhaus' DROP and EDROP (Don't Route Or Peer) lists, for spamhaus_lookup_ip and threat_intel_lookup_ip.",
    cache: "spamhaus",
    adapter: { name: "spamhaus-drop", title: "Spamhaus DROP", config: { type: "spamhaus-edrop" } },
  },
  {
    name: THREAT_INTEL_TABLES.whois,
    title: "Whois",
    description: "Who an IP address is registered to, asked of the regional internet registries' whois servers, for whois_lookup_ip.",
    cache: "whois",
    adapter: { name: "whois", title: "Whois", config: { type: "whois", connect_timeout: 1_000, read_timeout: 1_000 } },
  },
  {
    name: THREAT_INTEL_TABLES.otxIp,
    title: "Open Threat Exchange (OTX) - IP",
    description: "AlienVault OTX's crowd-sourced indicators of compromise for IP addresses, for otx_lookup_ip.",
    cache: "otxIp",
    adapter: { name: "otx-api-ip", title: "Open Threat Exchange (OTX) - IP", config: { ...OTX_CONFIG, indicator: "IPAutoDetect" } },
  },
  {
    name: THREAT_INTEL_TABLES.otxDomain,
    title: "Open Threat Exchange (OTX) - Domain",
    description: "AlienVault OTX's crowd-sourced indicators of compromise for domain names, for otx_lookup_domain.",
    cache: "otxDomain",
    adapter: { name: "otx-api-domain", title: "Open Threat Exchange (OTX) - Domain", config: { ...OTX_CONFIG, indicator: "domain" } },
  },
  {
    name: THREAT_INTEL_TABLES.abusechIps,
    title: "abuse.ch Ransomware IP",
    description: "The abuse.ch ransomware tracker's IP blocklist (shut down on 2019-12-08), for abusech_ransom_lookup_ip.",
    cache: "uncached",
    adapter: {
      name: "abuse-ch-ransomware-ip",
      title: "abuse.ch ransomware IP",
      config: { type: "abuse-ch-ransom", blocklist_type: "IPS", refresh_interval: 150, refresh_interval_unit: "SECONDS" },
    },
  },
  {
    name: THREAT_INTEL_TABLES.abusechDomains,
    title: "abuse.ch Ransomware Domains",
    description: "The abuse.ch ransomware tracker's domain blocklist (shut down on 2019-12-08), for abusech_ransom_lookup_domain.",
    cache: "uncached",
    adapter: {
      name: "abuse-ch-ransomware-domains",
      title: "abuse.ch ransomware Domains",
      config: { type: "abuse-ch-ransom", blocklist_type: "DOMAINS", refresh_interval: 150, refresh_interval_unit: "SECONDS" },
    },
  },
];

/**
 * Installs the threat intel plugin's tables once per database (on a new one, and on one from before they were
 * shipped); an entity of the same name already there is kept as it is. Returns how many tables it installed.
 */
export async function seedThreatIntelTables(db: Database, store: EmbeddedLookupStore): Promise<number> {
  if (await db.first("SELECT 1 AS done FROM threat_intel_seed_installed")) return 0;
  const caches = new Map<keyof typeof CACHES, LookupCache>();
  let installed = 0;
  for (const seed of TABLES) {
    if (await store.get("tables", seed.name)) continue;
    let cache = caches.get(seed.cache);
    if (!cache) {
      const { name, title, config } = CACHES[seed.cache];
      const body: LookupCacheBody = { name, title, description: `A cache of the threat intelligence lookup tables. ${KEEP}`, config };
      cache = await store.get("caches", name) ?? await store.create("caches", body);
      caches.set(seed.cache, cache);
    }
    const adapter = await store.get("adapters", seed.adapter.name) ??
      await store.create("adapters", { ...seed.adapter, description: `${seed.description} ${KEEP}` });
    await store.create("tables", seededTableBody({ name: seed.name, title: seed.title, description: `${seed.description} ${KEEP}` }, cache.id, adapter.id));
    installed++;
  }
  await db.run("INSERT INTO threat_intel_seed_installed VALUES (now())");
  return installed;
}

function inMemory(
  afterAccess: number,
  afterAccessUnit: "SECONDS" | "DAYS",
  afterWrite: number,
  afterWriteUnit: "SECONDS" | "DAYS",
): CacheConfig {
  return {
    type: "guava_cache",
    max_size: 1000,
    expire_after_access: afterAccess,
    expire_after_access_unit: afterAccessUnit,
    expire_after_write: afterWrite,
    expire_after_write_unit: afterWriteUnit,
  };
}
