import type { DataAdapterType } from "../../api/schemas/lookup-configs.ts";
import type {
  DefaultValueType,
  ErrorStates,
  ErrorStatesRequest,
  LookupCache as LookupCacheEntity,
  LookupDataAdapter,
  LookupResult,
  LookupTable,
} from "../../api/schemas/lookup-tables.ts";
import type { AdapterAnswer, AdapterEnvironment, LiveDataAdapter } from "./data-adapter.ts";
import { DATA_ADAPTER_KINDS } from "./data-adapter-types.ts";
import { CACHE_KINDS, FOREVER_TTL, type LookupCache } from "./lookup-cache.ts";

interface Live<Entity, Runtime> {
  entity: Entity;
  runtime: Runtime;
  /** The configuration the runtime was made from: an unchanged one keeps its loaded data across reloads. */
  fingerprint: string;
}

/** Every stored lookup entity, as `LiveLookupTables.load` takes them. */
export interface LookupEntities {
  tables: readonly LookupTable[];
  caches: readonly LookupCacheEntity[];
  adapters: readonly LookupDataAdapter[];
}

/** A table as it answers: its entity, its running adapter, and its own cache instance. */
interface LiveTable {
  entity: LookupTable;
  adapter: LiveDataAdapter | undefined;
  cache: LookupCache | undefined;
  /** The table, its cache's configuration and its adapter's: while unchanged, the cache keeps its answers. */
  fingerprint: string;
}

/**
 * The lookup tables as they answer: each table's cache in front of its running data adapter. Lookups are
 * synchronous (adapters hold their data in memory), so the ingest chain, decorators and extractors call them
 * per message. `load` takes the stored entities after every write; adapters whose configuration did not change
 * keep their data, tables whose configuration (cache and adapter included) did not change keep their cache.
 * Answers are shared, never to be changed by the caller.
 */
export class LiveLookupTables {
  private adapters = new Map<string, Live<LookupDataAdapter, LiveDataAdapter>>();
  private caches = new Map<string, LookupCacheEntity>();
  private tablesByName = new Map<string, LiveTable>();
  private tablesById = new Map<string, LiveTable>();

  constructor(private readonly env: AdapterEnvironment) {}

  /** Takes the stored entities; resolves once new adapters have loaded their data (or failed to). */
  async load(entities: LookupEntities): Promise<void> {
    const starting: Promise<void>[] = [];
    this.adapters = rebuild(this.adapters, entities.adapters, (adapter) => {
      const runtime = createAdapter(adapter.config.type, adapter.config, this.env);
      starting.push(runtime.start());
      return runtime;
    });
    this.caches = new Map(entities.caches.map((cache) => [cache.id, cache]));
    const tables = entities.tables.map((table) => this.liveTable(table));
    this.tablesByName = new Map(tables.map((live) => [live.entity.name, live]));
    this.tablesById = new Map(tables.map((live) => [live.entity.id, live]));
    await Promise.all(starting);
  }

  private liveTable(table: LookupTable): LiveTable {
    const adapter = this.adapters.get(table.data_adapter_id);
    const cache = this.caches.get(table.cache_id);
    const fingerprint = JSON.stringify([table, cache?.config ?? null, adapter?.fingerprint ?? null]);
    const kept = this.tablesById.get(table.id);
    if (kept && kept.fingerprint === fingerprint) return { ...kept, entity: table, adapter: adapter?.runtime };
    return { entity: table, adapter: adapter?.runtime, cache: cache ? createCache(cache, this.env.now) : undefined, fingerprint };
  }

  private live(idOrName: string): LiveTable | undefined {
    return this.tablesById.get(idOrName) ?? this.tablesByName.get(idOrName);
  }

  /** The tables by name, for the lookup-table decorator's choice. */
  tables(): LookupTable[] {
    return [...this.tablesByName.values()].map((live) => live.entity);
  }

  table(idOrName: string): LookupTable | undefined {
    return this.live(idOrName)?.entity;
  }

  hasTable(idOrName: string): boolean {
    return this.table(idOrName) !== undefined;
  }

  /** Looks `key` up in a table, through its cache; null when there is no such table. */
  lookup(idOrName: string, key: string): LookupResult | null {
    const live = this.live(idOrName);
    if (live === undefined) return null;
    const { adapter, cache } = live;
    if (adapter === undefined || cache === undefined) return tableResult(live.entity, { error: missingParts(live.entity) }, 0);
    const kept = cache.get(key);
    if (kept !== undefined) return kept;
    const result = tableResult(live.entity, adapter.lookup(key), cache.ttlMs);
    // Errors are not kept: an adapter still loading (or a source back again) answers at the next lookup.
    if (!result.has_error) cache.put(key, result);
    return result;
  }

  /** Why a table cannot answer now (its adapter's error), or null. */
  tableError(idOrName: string): string | null {
    const live = this.live(idOrName);
    if (live === undefined) return null;
    if (live.adapter === undefined || live.cache === undefined) return missingParts(live.entity);
    return live.adapter.error();
  }

  /** The single value for `key`, the table's default when the key is unknown; null when there is neither. */
  value(idOrName: string, key: string): string | number | boolean | null {
    return this.lookup(idOrName, key)?.single_value ?? null;
  }

  /** Looks `key` up in an adapter directly (the adapter's test), null when there is no such adapter. */
  adapterLookup(idOrName: string, key: string): LookupResult | null {
    const live = this.adapters.get(idOrName) ?? [...this.adapters.values()].find((entry) => entry.entity.name === idOrName);
    if (!live) return null;
    return adapterResult(live.runtime.lookup(key));
  }

  /** Forgets `key` (or all keys) in a table's cache; false when there is no such table. */
  purge(idOrName: string, key: string | null): boolean {
    const live = this.live(idOrName);
    if (!live) return false;
    live.cache?.purge(key);
    return true;
  }

  errorStates(request: ErrorStatesRequest): ErrorStates {
    const adapterError = (id: string) => this.adapters.get(id)?.runtime.error() ?? null;
    const byNameOrId = <E extends { id: string; name: string }>(entries: Iterable<{ entity: E }>, key: string) =>
      [...entries].find(({ entity }) => entity.id === key || entity.name === key)?.entity;
    return {
      tables: Object.fromEntries(request.tables.map((name) => {
        const table = this.table(name);
        return [name, table ? adapterError(table.data_adapter_id) : null];
      })),
      data_adapters: Object.fromEntries(request.data_adapters.map((name) => {
        const adapter = byNameOrId(this.adapters.values(), name);
        return [name, adapter ? adapterError(adapter.id) : null];
      })),
      caches: Object.fromEntries(request.caches.map((name) => [name, null])),
    };
  }
}

function rebuild<Entity extends { id: string; config: unknown }, Runtime>(
  current: ReadonlyMap<string, Live<Entity, Runtime>>,
  entities: readonly Entity[],
  create: (entity: Entity) => Runtime,
): Map<string, Live<Entity, Runtime>> {
  const next = new Map<string, Live<Entity, Runtime>>();
  for (const entity of entities) {
    const fingerprint = JSON.stringify(entity.config);
    const kept = current.get(entity.id);
    next.set(entity.id, kept && kept.fingerprint === fingerprint ? { ...kept, entity } : { entity, runtime: create(entity), fingerprint });
  }
  return next;
}

function createAdapter<T extends DataAdapterType>(type: T, config: unknown, env: AdapterEnvironment): LiveDataAdapter {
  // The config was checked against the type's schema when it was stored.
  return DATA_ADAPTER_KINDS[type].create(config as Parameters<(typeof DATA_ADAPTER_KINDS)[T]["create"]>[0], env);
}

function missingParts(table: LookupTable): string {
  return `The lookup table ${table.name} is missing its cache or data adapter.`;
}

function createCache(cache: LookupCacheEntity, now: () => number): LookupCache {
  const config = cache.config;
  return config.type === "guava_cache" ? CACHE_KINDS.guava_cache.create(config, now) : CACHE_KINDS.none.create(config, now);
}

function tableResult(table: LookupTable, answer: AdapterAnswer, ttl: number): LookupResult {
  if ("found" in answer && answer.found) {
    return { single_value: answer.value, multi_value: answer.multi, string_list_value: null, has_error: false, ttl };
  }
  return {
    single_value: defaultSingle(table.default_single_value, table.default_single_value_type),
    multi_value: defaultMulti(table.default_multi_value, table.default_multi_value_type),
    string_list_value: null,
    has_error: "error" in answer,
    ttl: "error" in answer ? 0 : ttl,
  };
}

function adapterResult(answer: AdapterAnswer): LookupResult {
  if ("found" in answer && answer.found) {
    return { single_value: answer.value, multi_value: answer.multi, string_list_value: null, has_error: false, ttl: FOREVER_TTL };
  }
  return { single_value: null, multi_value: null, string_list_value: null, has_error: "error" in answer, ttl: FOREVER_TTL };
}

/** A table's default single value, read as its type says (Graylog's LookupDefaultSingleValue). */
export function defaultSingle(text: string, type: DefaultValueType): string | number | boolean | null {
  switch (type) {
    case "STRING":
      return text;
    case "NUMBER": {
      const number = Number(text);
      return text.trim() === "" || Number.isNaN(number) ? null : number;
    }
    case "BOOLEAN":
      return text.trim().toLowerCase() === "true";
    case "OBJECT":
    case "NULL":
      return null;
  }
}

/** A table's default multi value: an OBJECT default is JSON; any other becomes `{value}`, NULL none. */
export function defaultMulti(text: string, type: DefaultValueType): Record<string, unknown> | null {
  if (type === "NULL") return null;
  if (type === "OBJECT") {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : null;
    } catch {
      return null;
    }
  }
  return { value: defaultSingle(text, type) };
}
