import {
  CACHE_CONFIG_SCHEMAS,
  CACHE_TYPES,
  type CacheType,
  DATA_ADAPTER_CONFIG_SCHEMAS,
  DATA_ADAPTER_TYPES,
  type DataAdapterType,
} from "../../api/schemas/lookup-configs.ts";
import type {
  ConfigBody,
  ErrorStates,
  ErrorStatesRequest,
  LookupBodyOf,
  LookupCache,
  LookupCacheBody,
  LookupDataAdapter,
  LookupDataAdapterBody,
  LookupEntityKind,
  LookupEntityOf,
  LookupResult,
  LookupSortField,
  LookupStore,
  LookupTable,
  LookupTableBody,
  LookupTypes,
  ValidationResult,
} from "../../api/schemas/lookup-tables.ts";
import { type EntityPage, EntityValidationError, type PageRequest } from "../../api/schemas/paginated.ts";
import type { Database } from "../database.ts";
import { type EntityListDefinition, listPage } from "../entity-list/paginated-entity-store.ts";
import { objectId } from "../object-id.ts";
import { THREAT_INTEL_DEFAULTS, type ThreatIntelConfig } from "../../shared/threat-intel-config.ts";
import type { AdapterEnvironment } from "./data-adapter.ts";
import { DATA_ADAPTER_KINDS } from "./data-adapter-types.ts";
import { CACHE_KINDS } from "./lookup-cache.ts";
import { type LookupEntities, LiveLookupTables } from "./live-lookup-tables.ts";
import { urlAllowed } from "./url-allow-list.ts";

export const LOOKUP_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS lookup_entities (
     kind VARCHAR NOT NULL, id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, title VARCHAR NOT NULL,
     description VARCHAR NOT NULL, document JSON NOT NULL, UNIQUE (kind, name))`,
];

const COLUMNS = "id, name, title, description, document::VARCHAR AS document";

/** One list definition per kind: the kind is a constant of this module, never request text. */
const LISTS: Record<LookupEntityKind, EntityListDefinition<LookupSortField>> = {
  tables: listOf("tables"),
  caches: listOf("caches"),
  adapters: listOf("adapters"),
};

function listOf(kind: LookupEntityKind): EntityListDefinition<LookupSortField> {
  return {
    from: `(SELECT * FROM lookup_entities WHERE kind = '${kind}')`,
    columns: COLUMNS,
    searchFields: { title: "title", name: "name", description: "description", id: "id" },
    defaultSearchFields: ["title", "name", "description"],
    sortColumns: { title: "lower(title)", name: "lower(name)", description: "lower(description)", id: "id" },
    tieBreaker: "id",
  };
}

/** How Graylog says a name is taken, per kind. */
const NAME_IN_USE: Record<LookupEntityKind, string> = {
  tables: "The lookup table name is already in use.",
  caches: "The cache name is already in use.",
  adapters: "The data adapter name is already in use.",
};

const ENTITY_TITLE: Record<LookupEntityKind, string> = { tables: "lookup table", caches: "cache", adapters: "data adapter" };

interface DocumentRow extends Record<string, unknown> {
  document: string;
}

/**
 * Lookup tables, caches and data adapters on DuckDB (one table, told apart by kind; each entity's wire shape
 * stored as a JSON document), with the live tables that answer lookups kept in step after every write.
 */
export class EmbeddedLookupStore implements LookupStore {
  readonly live: LiveLookupTables;
  private readonly env: AdapterEnvironment;
  private threatIntelConfig: ThreatIntelConfig = THREAT_INTEL_DEFAULTS;

  constructor(private readonly db: Database, env?: Partial<AdapterEnvironment>) {
    this.env = {
      urlAllowed: (url) => urlAllowed(db, url),
      now: () => Date.now(),
      threatIntel: () => this.threatIntelConfig,
      ...env,
    };
    this.live = new LiveLookupTables(this.env);
  }

  /** The threat intelligence switches as stored (System → Configurations); the adapters read them at each lookup. */
  useThreatIntel(config: ThreatIntelConfig): void {
    this.threatIntelConfig = config;
  }

  /** Starts the stored adapters (loads their data); call once when the backend opens. */
  async start(): Promise<void> {
    await this.live.load(await this.entities());
  }

  async page<K extends LookupEntityKind>(kind: K, request: PageRequest<LookupSortField>): Promise<EntityPage<LookupEntityOf[K]>> {
    const page = await listPage<DocumentRow, LookupSortField>(this.db, LISTS[kind], request);
    return { total: page.total, elements: page.elements.map((row) => JSON.parse(row.document)) };
  }

  async get<K extends LookupEntityKind>(kind: K, idOrName: string): Promise<LookupEntityOf[K] | null> {
    const row = await this.db.first<DocumentRow>(
      "SELECT document::VARCHAR AS document FROM lookup_entities WHERE kind = ? AND (id = ? OR name = ?) ORDER BY id = ? DESC LIMIT 1",
      [kind, idOrName, idOrName, idOrName],
    );
    return row ? JSON.parse(row.document) : null;
  }

  async resolve(tables: readonly LookupTable[]) {
    const { caches, adapters } = await this.entities();
    const cacheIds = new Set(tables.map((table) => table.cache_id));
    const adapterIds = new Set(tables.map((table) => table.data_adapter_id));
    return {
      caches: Object.fromEntries(caches.filter((cache) => cacheIds.has(cache.id)).map((cache) => [cache.id, cache])),
      data_adapters: Object.fromEntries(adapters.filter((adapter) => adapterIds.has(adapter.id)).map((adapter) => [adapter.id, adapter])),
    };
  }

  async validate<K extends LookupEntityKind>(kind: K, body: LookupBodyOf[K]): Promise<ValidationResult> {
    return (await this.check(kind, body, body.id ?? null)).result;
  }

  async create<K extends LookupEntityKind>(kind: K, body: LookupBodyOf[K]): Promise<LookupEntityOf[K]> {
    const entity = await this.checked(kind, body, null, objectId());
    await this.db.run("INSERT INTO lookup_entities VALUES (?, ?, ?, ?, ?, ?)", [
      kind,
      entity.id,
      entity.name,
      entity.title,
      entity.description,
      JSON.stringify(entity),
    ]);
    await this.reload();
    return entity;
  }

  async update<K extends LookupEntityKind>(kind: K, idOrName: string, body: LookupBodyOf[K]): Promise<LookupEntityOf[K] | null> {
    const current = await this.get(kind, idOrName);
    if (!current) return null;
    const entity = await this.checked(kind, body, current.id, current.id);
    await this.db.run("UPDATE lookup_entities SET name = ?, title = ?, description = ?, document = ? WHERE id = ?", [
      entity.name,
      entity.title,
      entity.description,
      JSON.stringify(entity),
      entity.id,
    ]);
    await this.reload();
    return entity;
  }

  async delete(kind: LookupEntityKind, idOrName: string): Promise<boolean> {
    const current = await this.get(kind, idOrName);
    if (!current) return false;
    if (kind !== "tables") {
      const field = kind === "caches" ? "cache_id" : "data_adapter_id";
      const users = (await this.entities()).tables.filter((table) => table[field] === current.id).map((table) => table.name);
      if (users.length > 0) {
        throw new EntityValidationError(`The ${ENTITY_TITLE[kind]} ${current.name} is still used by the lookup tables ${users.join(", ")}.`);
      }
    }
    await this.db.run("DELETE FROM lookup_entities WHERE id = ?", [current.id]);
    await this.reload();
    return true;
  }

  query(kind: "tables" | "adapters", idOrName: string, key: string): Promise<LookupResult | null> {
    return Promise.resolve(kind === "tables" ? this.live.lookup(idOrName, key) : this.live.adapterLookup(idOrName, key));
  }

  purge(idOrName: string, key: string | null): Promise<boolean> {
    return Promise.resolve(this.live.purge(idOrName, key));
  }

  errorStates(request: ErrorStatesRequest): Promise<ErrorStates> {
    return Promise.resolve(this.live.errorStates(request));
  }

  adapterTypes(): LookupTypes {
    return Object.fromEntries(DATA_ADAPTER_TYPES.map((type) => [type, { type, default_config: { ...DATA_ADAPTER_KINDS[type].defaultConfig } }]));
  }

  cacheTypes(): LookupTypes {
    return Object.fromEntries(CACHE_TYPES.map((type) => [type, { type, default_config: { ...CACHE_KINDS[type].defaultConfig } }]));
  }

  /** Every stored entity, by kind. */
  async entities(): Promise<LookupEntities> {
    const rows = await this.db.all<{ kind: LookupEntityKind; document: string }>(
      "SELECT kind, document::VARCHAR AS document FROM lookup_entities ORDER BY name",
    );
    const of = <K extends LookupEntityKind>(kind: K) =>
      rows.filter((row) => row.kind === kind).map((row) => JSON.parse(row.document) as LookupEntityOf[K]);
    return { tables: of("tables"), caches: of("caches"), adapters: of("adapters") };
  }

  private async reload(): Promise<void> {
    await this.live.load(await this.entities());
  }

  /** The entity `body` describes, or an EntityValidationError naming the first problem's field. */
  private async checked<K extends LookupEntityKind>(kind: K, body: LookupBodyOf[K], selfId: string | null, id: string): Promise<LookupEntityOf[K]> {
    const { result, entity } = await this.check(kind, body, selfId);
    const [field, messages] = Object.entries(result.errors)[0] ?? [];
    if (field !== undefined) throw new EntityValidationError(`${field}: ${messages[0]}`);
    return { ...entity!, id } as LookupEntityOf[K];
  }

  private async check<K extends LookupEntityKind>(
    kind: K,
    body: LookupBodyOf[K],
    selfId: string | null,
  ): Promise<{ result: ValidationResult; entity: Omit<LookupEntityOf[K], "id"> | null }> {
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const taken = await this.db.first(
      "SELECT 1 AS taken FROM lookup_entities WHERE kind = ? AND name = ? AND id IS DISTINCT FROM ?",
      [kind, body.name.trim(), selfId],
    );
    if (taken) add("name", NAME_IN_USE[kind]);
    const common = { _scope: "DEFAULT", title: body.title.trim(), description: body.description, name: body.name.trim(), content_pack: null };
    let entity: Omit<LookupTable, "id"> | Omit<LookupCache, "id"> | Omit<LookupDataAdapter, "id"> | null = null;
    if (kind === "tables") {
      const table = body as LookupTableBody;
      const { caches, adapters } = await this.entities();
      if (!caches.some((cache) => cache.id === table.cache_id)) add("cache_id", "Field is required.");
      if (!adapters.some((adapter) => adapter.id === table.data_adapter_id)) add("data_adapter_id", "Field is required.");
      for (const problem of defaultValueProblems(table)) add(problem.field, problem.message);
      entity = {
        ...common,
        cache_id: table.cache_id,
        data_adapter_id: table.data_adapter_id,
        default_single_value: table.default_single_value,
        default_single_value_type: table.default_single_value_type,
        default_multi_value: table.default_multi_value,
        default_multi_value_type: table.default_multi_value_type,
      } satisfies Omit<LookupTable, "id">;
    } else if (kind === "caches") {
      const config = parseConfig(CACHE_CONFIG_SCHEMAS, CACHE_TYPES, (body as LookupCacheBody).config, "cache", add);
      if (config) entity = { ...common, config } satisfies Omit<LookupCache, "id">;
    } else {
      const adapter = body as LookupDataAdapterBody;
      const config = parseConfig(DATA_ADAPTER_CONFIG_SCHEMAS, DATA_ADAPTER_TYPES, adapter.config, "data adapter", add);
      if (config) {
        const problems = await (DATA_ADAPTER_KINDS[config.type].problems as (c: typeof config, e: AdapterEnvironment) => Promise<Record<string, string[]>>)(config, this.env);
        for (const [field, messages] of Object.entries(problems)) for (const message of messages) add(field, message);
        entity = {
          ...common,
          custom_error_ttl_enabled: adapter.custom_error_ttl_enabled ?? null,
          custom_error_ttl: adapter.custom_error_ttl ?? null,
          custom_error_ttl_unit: adapter.custom_error_ttl_unit ?? null,
          config,
        } satisfies Omit<LookupDataAdapter, "id">;
      }
    }
    const failed = Object.keys(errors).length > 0;
    return { result: { failed, errors, error_context: {} }, entity: failed ? null : entity as unknown as Omit<LookupEntityOf[K], "id"> };
  }
}

/** A configuration checked against its type's schema: the parsed config (defaults filled in), or null with the errors added per field. */
/** What parseConfig needs of a configuration schema. */
interface ConfigSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: ConfigIssue[] } };
}
type ConfigIssue = { path: PropertyKey[]; message: string; code: string; keys?: string[] };

function parseConfig<T extends DataAdapterType | CacheType>(
  schemas: { [K in T]: ConfigSchema },
  types: readonly T[],
  body: ConfigBody,
  what: string,
  add: (field: string, message: string) => void,
) {
  if (!(types as readonly string[]).includes(body.type)) {
    add("type", `Unknown ${what} type ${body.type}; known types: ${types.join(", ")}`);
    return null;
  }
  const parsed = schemas[body.type as T].safeParse(body);
  if (parsed.success) return parsed.data as T extends DataAdapterType ? LookupDataAdapter["config"] : LookupCache["config"];
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "config";
    add(field, issue.code === "unrecognized_keys" ? `Unknown field: ${(issue.keys ?? []).join(", ")}` : issue.message);
  }
  return null;
}

function defaultValueProblems(table: LookupTableBody): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (table.default_single_value_type === "OBJECT") {
    problems.push({ field: "default_single_value_type", message: "The single default value cannot be an object." });
  }
  if (table.default_single_value_type === "NUMBER" && Number.isNaN(Number(table.default_single_value))) {
    problems.push({ field: "default_single_value", message: "Must be a number." });
  }
  if (table.default_multi_value_type === "OBJECT") {
    let object = false;
    try {
      const parsed: unknown = JSON.parse(table.default_multi_value);
      object = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
    } catch { /* not JSON: reported below */ }
    if (!object) problems.push({ field: "default_multi_value", message: "Must be a JSON object." });
  }
  return problems;
}

const stores = new WeakMap<Database, EmbeddedLookupStore>();

/** The one lookup store of a database: the API's writes, the decorators' and the pipelines' lookups share its live tables. */
export function lookupStoreFor(db: Database): EmbeddedLookupStore {
  let store = stores.get(db);
  if (!store) {
    store = new EmbeddedLookupStore(db);
    stores.set(db, store);
  }
  return store;
}
