import type { DecoratorStore } from "../../api/schemas/backend.ts";
import type { AvailableDecorators, Decorator, DecoratorBody } from "../../api/schemas/decorators.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";
import { lookupStoreFor } from "../lookup/lookup-store.ts";
import { decoratorTypes, type DecoratorTypeRegistry } from "./decorator-registry.ts";

export const DECORATOR_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS decorators (
     id VARCHAR PRIMARY KEY, stream VARCHAR, type VARCHAR NOT NULL, config JSON NOT NULL, "order" INTEGER NOT NULL)`,
];

interface DecoratorRow extends Record<string, unknown> {
  id: string;
  stream: string | null;
  type: string;
  config: string;
  order: number;
}

/**
 * Decorators on DuckDB. Every messages search reads them, so the list is kept in memory and reloaded after a
 * write; one store per database (see `decoratorStoreFor`) keeps that cache coherent.
 */
export class EmbeddedDecoratorStore implements DecoratorStore {
  #cached: Promise<Decorator[]> | null = null;

  constructor(private readonly db: Database, readonly registry: DecoratorTypeRegistry) {}

  list(): Promise<Decorator[]> {
    this.#cached ??= this.load();
    // A failed read is not cached.
    this.#cached.catch(() => (this.#cached = null));
    return this.#cached.then((decorators) =>
      decorators.map((decorator) => ({ ...decorator, config: { ...decorator.config } }))
    );
  }

  async create(body: DecoratorBody): Promise<Decorator> {
    const decorator = toDecorator(objectId(), body);
    await this.db.run(`INSERT INTO decorators (id, stream, type, config, "order") VALUES (?, ?, ?, ?, ?)`, [
      decorator.id,
      decorator.stream,
      decorator.type,
      JSON.stringify(decorator.config),
      decorator.order,
    ]);
    this.#cached = null;
    return decorator;
  }

  async update(id: string, body: DecoratorBody): Promise<Decorator | null> {
    const decorator = toDecorator(id, body);
    const rows = await this.db.write(
      `UPDATE decorators SET stream = ?, type = ?, config = ?, "order" = ? WHERE id = ? RETURNING id`,
      [decorator.stream, decorator.type, JSON.stringify(decorator.config), decorator.order, id],
    );
    this.#cached = null;
    return rows.length > 0 ? decorator : null;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.write("DELETE FROM decorators WHERE id = ? RETURNING id", [id]);
    this.#cached = null;
    return rows.length > 0;
  }

  available(): Promise<AvailableDecorators> {
    return Promise.resolve(this.registry.available());
  }

  private async load(): Promise<Decorator[]> {
    const rows = await this.db.all<DecoratorRow>(
      `SELECT id, stream, type, config::VARCHAR AS config, "order" FROM decorators ORDER BY stream NULLS FIRST, "order", id`,
    );
    return rows.map((row) => ({
      id: row.id,
      stream: row.stream,
      type: row.type,
      config: JSON.parse(row.config),
      order: Number(row.order),
    }));
  }
}

const stores = new WeakMap<Database, EmbeddedDecoratorStore>();

/** The one decorator store of a database: the API's writes and the search engine's reads share its cache. */
export function decoratorStoreFor(db: Database): EmbeddedDecoratorStore {
  let store = stores.get(db);
  if (!store) {
    store = new EmbeddedDecoratorStore(db, decoratorTypes(lookupStoreFor(db).live));
    stores.set(db, store);
  }
  return store;
}

function toDecorator(id: string, body: DecoratorBody): Decorator {
  return { id, stream: body.stream, type: body.type, config: { ...body.config }, order: body.order };
}
