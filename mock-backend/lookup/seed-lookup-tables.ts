import { fileURLToPath } from "node:url";
import type { LookupCacheBody, LookupDataAdapterBody } from "../../api/schemas/lookup-tables.ts";
import type { Database } from "../database.ts";
import { seededTableBody } from "./seeded-table-body.ts";
import type { EmbeddedLookupStore } from "./lookup-store.ts";
import { seedThreatIntelTables, THREAT_INTEL_SEED_STATEMENTS } from "./seed-threat-intel-tables.ts";

export const LOOKUP_SEED_STATEMENTS = [
  // One row once the seed tables were installed, so that deleting them later does not bring them back.
  `CREATE TABLE IF NOT EXISTS lookup_seed_installed (installed_at TIMESTAMP NOT NULL)`,
  ...THREAT_INTEL_SEED_STATEMENTS,
];

/** A CSV file shipped with the product (fixtures/lookup/). */
function shippedFile(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/lookup/${name}`, import.meta.url));
}

interface SeedTable {
  name: string;
  title: string;
  description: string;
  file: string;
  keyColumn: string;
  valueColumn: string;
  caseInsensitive: boolean;
}

/**
 * The lookup tables a new database starts with: the two the lookup-table decorator offered before lookup tables
 * could be configured, now ordinary tables (CSV file adapters on files shipped in fixtures/lookup/, sharing one
 * in-memory cache) that can be edited, tested, used by pipeline rules, or deleted.
 */
const SEED_TABLES: readonly SeedTable[] = [
  {
    name: "http-status-phrases",
    title: "HTTP status phrases",
    description: "Reason phrases of common HTTP status codes (RFC 9110 §15).",
    file: "http-status-phrases.csv",
    keyColumn: "code",
    valueColumn: "phrase",
    caseInsensitive: false,
  },
  {
    name: "country-names",
    title: "Country names (ISO 3166 codes)",
    description: "English country names by ISO 3166 alpha-2 code (Unicode CLDR).",
    file: "country-names.csv",
    keyColumn: "code",
    valueColumn: "country",
    caseInsensitive: true,
  },
];

const SEED_CACHE: LookupCacheBody = {
  name: "shipped-tables-cache",
  title: "Shipped tables cache",
  description: "In-memory cache of the lookup tables Sluice ships with.",
  config: { type: "guava_cache", max_size: 1000, expire_after_access: 60, expire_after_access_unit: "SECONDS", expire_after_write: 0, expire_after_write_unit: null },
};

/**
 * Installs the lookup tables a new database starts with: the shipped ones and the threat intel plugin's, each set
 * once per database. Returns how many tables it installed.
 */
export async function seedLookupTables(db: Database, store: EmbeddedLookupStore): Promise<number> {
  return await seedShippedTables(db, store) + await seedThreatIntelTables(db, store);
}

/** Installs the shipped tables once per database (on a new one, and on one from before lookup tables). */
async function seedShippedTables(db: Database, store: EmbeddedLookupStore): Promise<number> {
  if (await db.first("SELECT 1 AS done FROM lookup_seed_installed")) return 0;
  const cache = await store.get("caches", SEED_CACHE.name) ?? await store.create("caches", SEED_CACHE);
  let installed = 0;
  for (const seed of SEED_TABLES) {
    if (await store.get("tables", seed.name)) continue;
    const adapterBody: LookupDataAdapterBody = {
      name: `${seed.name}-csv`,
      title: `${seed.title} (CSV)`,
      description: seed.description,
      config: {
        type: "csvfile",
        path: shippedFile(seed.file),
        key_column: seed.keyColumn,
        value_column: seed.valueColumn,
        case_insensitive_lookup: seed.caseInsensitive,
      },
    };
    const adapter = await store.get("adapters", adapterBody.name) ?? await store.create("adapters", adapterBody);
    await store.create("tables", seededTableBody({ name: seed.name, title: seed.title, description: seed.description }, cache.id, adapter.id));
    installed++;
  }
  await db.run("INSERT INTO lookup_seed_installed VALUES (now())");
  return installed;
}
