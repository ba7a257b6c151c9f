import {
  CONTENT_PACK_ENTITY_TYPES,
  type ContentPack,
  type ContentPackEntity,
  type ContentPackInstallation,
  type ContentPackInstallationRequest,
  type ContentPackList,
  type ContentPackStore,
  type ContentPackUninstallation,
  type EntityDescriptor,
  type EntityExcerpt,
  type NativeEntityDescriptor,
} from "../../api/schemas/content-packs.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";
import { type ContentPackSources, type EntityFacade, entityFacades } from "./entity-facades.ts";
import { parametersUsed, parameterValues, resolveReferences, toReferences } from "./value-references.ts";

export const CONTENT_PACK_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS content_packs (
     id VARCHAR NOT NULL, rev INTEGER NOT NULL, name VARCHAR NOT NULL, pack VARCHAR NOT NULL, PRIMARY KEY (id, rev))`,
  `CREATE TABLE IF NOT EXISTS content_pack_installations (
     id VARCHAR PRIMARY KEY, content_pack_id VARCHAR NOT NULL, rev INTEGER NOT NULL, installation VARCHAR NOT NULL)`,
];

/** The Graylog version packs made here say they were made with. */
const SERVER_VERSION = "5.1.10";

/** Entities are installed in this order (what others refer to first) and removed in the reverse. */
const INSTALL_ORDER = new Map(CONTENT_PACK_ENTITY_TYPES.map((type, index) => [type, index]));

/** Content packs on DuckDB; installing one creates real entities through the areas' own stores. */
export class EmbeddedContentPackStore implements ContentPackStore {
  private readonly facades: ReturnType<typeof entityFacades>;

  constructor(private readonly db: Database, sources: ContentPackSources) {
    this.facades = entityFacades(sources);
  }

  async catalog(): Promise<EntityExcerpt[]> {
    const lists = await Promise.all(
      CONTENT_PACK_ENTITY_TYPES.map(async (name) =>
        (await this.facades[name].excerpts()).map((entity) => ({ ...entity, type: { name, version: this.facades[name].version } }))
      ),
    );
    return lists.flat();
  }

  async resolve(descriptors: readonly EntityDescriptor[]): Promise<ContentPackEntity[]> {
    const resolved = new Map<string, ContentPackEntity>();
    const pending = [...descriptors];
    for (let next = pending.shift(); next; next = pending.shift()) {
      const key = `${next.type.name}:${next.id}`;
      if (resolved.has(key)) continue;
      const facade = this.facades[next.type.name];
      const exported = await facade.export(next.id);
      if (!exported) throw new EntityValidationError(`entities: there is no ${next.type.name} with id <${next.id}>`);
      resolved.set(key, {
        v: "1",
        type: { name: next.type.name, version: facade.version },
        id: next.id,
        data: toReferences(exported.data) as Record<string, unknown>,
        constraints: [],
      });
      pending.push(...exported.dependencies);
    }
    return [...resolved.values()];
  }

  async list(latest: boolean): Promise<ContentPackList> {
    const rows = await this.db.all<{ pack: string }>(
      latest
        ? "SELECT pack FROM content_packs WHERE (id, rev) IN (SELECT (id, max(rev)) FROM content_packs GROUP BY id) ORDER BY lower(name), id"
        : "SELECT pack FROM content_packs ORDER BY lower(name), id, rev",
    );
    const packs = rows.map((row) => JSON.parse(row.pack) as ContentPack);
    const counts = await this.db.all<{ content_pack_id: string; rev: number; count: bigint }>(
      "SELECT content_pack_id, rev, count(*) AS count FROM content_pack_installations GROUP BY content_pack_id, rev",
    );
    const metadata: ContentPackList["content_packs_metadata"] = {};
    for (const pack of packs) metadata[pack.id] ??= {};
    for (const { content_pack_id, rev, count } of counts) {
      (metadata[content_pack_id] ??= {})[String(rev)] = { installation_count: Number(count) };
    }
    return { total: packs.length, content_packs: packs, content_packs_metadata: metadata };
  }

  async revisions(id: string): Promise<ContentPack[]> {
    const rows = await this.db.all<{ pack: string }>("SELECT pack FROM content_packs WHERE id = ? ORDER BY rev", [id]);
    return rows.map((row) => JSON.parse(row.pack) as ContentPack);
  }

  async save(pack: ContentPack): Promise<ContentPack> {
    const declared = new Set(pack.parameters.map((parameter) => parameter.name));
    if (declared.size !== pack.parameters.length) throw new EntityValidationError("parameters: each parameter name must be unique");
    const entityIds = new Set<string>();
    for (const entity of pack.entities) {
      if (entityIds.has(entity.id)) throw new EntityValidationError(`entities: the id <${entity.id}> is used twice`);
      entityIds.add(entity.id);
      const undeclared = [...parametersUsed(entity.data)].find((name) => !declared.has(name));
      if (undeclared) throw new EntityValidationError(`entities: ${entity.type.name} <${entity.id}> uses the undeclared parameter <${undeclared}>`);
    }
    const stored: ContentPack = { ...pack, server_version: pack.server_version ?? SERVER_VERSION, created_at: pack.created_at ?? new Date().toISOString() };
    if (await this.db.first("SELECT 1 FROM content_packs WHERE id = ? AND rev = ?", [pack.id, pack.rev])) {
      throw new EntityValidationError(`rev: the content pack <${pack.id}> already has revision ${pack.rev}`);
    }
    await this.db.run("INSERT INTO content_packs VALUES (?, ?, ?, ?)", [stored.id, stored.rev, stored.name, JSON.stringify(stored)]);
    return stored;
  }

  async delete(id: string, rev: number | null): Promise<number> {
    const matching = rev === null
      ? await this.db.all("SELECT rev FROM content_packs WHERE id = ?", [id])
      : await this.db.all("SELECT rev FROM content_packs WHERE id = ? AND rev = ?", [id, rev]);
    if (matching.length === 0) return 0;
    if (rev === null) {
      await this.db.run("DELETE FROM content_packs WHERE id = ?", [id]);
      await this.db.run("DELETE FROM content_pack_installations WHERE content_pack_id = ?", [id]);
    } else {
      await this.db.run("DELETE FROM content_packs WHERE id = ? AND rev = ?", [id, rev]);
      await this.db.run("DELETE FROM content_pack_installations WHERE content_pack_id = ? AND rev = ?", [id, rev]);
    }
    return matching.length;
  }

  async install(id: string, rev: number, request: ContentPackInstallationRequest, user: string): Promise<ContentPackInstallation | null> {
    const pack = (await this.revisions(id)).find((candidate) => candidate.rev === rev);
    if (!pack) return null;
    const values = parameterValues(pack.parameters, request.parameters);
    const ordered = [...pack.entities].sort((a, b) => (INSTALL_ORDER.get(a.type.name) ?? 0) - (INSTALL_ORDER.get(b.type.name) ?? 0));
    const natives = new Map<string, string>();
    const installed: NativeEntityDescriptor[] = [];
    try {
      for (const entity of ordered) {
        const facade = this.facades[entity.type.name];
        const data = resolveReferences(entity.data, values) as Record<string, unknown>;
        const existing = await facade.findExisting(data);
        const native = existing ?? await facade.create(data, (packEntityId) => natives.get(packEntityId) ?? packEntityId, user).catch((error) => {
          if (!(error instanceof EntityValidationError)) throw error;
          throw new EntityValidationError(`entities: ${entity.type.name} <${entity.id}> could not be created: ${error.message}`);
        });
        natives.set(entity.id, native.id);
        installed.push({
          id: native.id,
          content_pack_entity_id: entity.id,
          title: native.title,
          type: { name: entity.type.name, version: entity.type.version },
          found_on_system: existing !== null,
        });
      }
    } catch (error) {
      // Nothing half-installed: what this installation created goes again.
      for (const entity of installed.reverse()) {
        if (!entity.found_on_system) await this.facades[entity.type.name].remove(entity.id).catch(() => false);
      }
      throw error;
    }
    const installation: ContentPackInstallation = {
      _id: objectId(),
      content_pack_id: id,
      content_pack_revision: rev,
      parameters: values,
      entities: installed,
      comment: request.comment,
      created_at: new Date().toISOString(),
      created_by: user,
    };
    await this.db.run("INSERT INTO content_pack_installations VALUES (?, ?, ?, ?)", [installation._id, id, rev, JSON.stringify(installation)]);
    return installation;
  }

  async installations(id: string): Promise<ContentPackInstallation[]> {
    const rows = await this.db.all<{ installation: string }>(
      "SELECT installation FROM content_pack_installations WHERE content_pack_id = ? ORDER BY id",
      [id],
    );
    return rows.map((row) => JSON.parse(row.installation) as ContentPackInstallation);
  }

  async uninstallDetails(id: string, installationId: string): Promise<NativeEntityDescriptor[] | null> {
    const installation = await this.installation(id, installationId);
    if (!installation) return null;
    const { removable } = await this.split(installation);
    return removable;
  }

  async uninstall(id: string, installationId: string): Promise<ContentPackUninstallation | null> {
    const installation = await this.installation(id, installationId);
    if (!installation) return null;
    const { removable, skipped } = await this.split(installation);
    const removed: NativeEntityDescriptor[] = [];
    const failed: NativeEntityDescriptor[] = [];
    for (const entity of [...removable].reverse()) {
      const facade: EntityFacade = this.facades[entity.type.name];
      const gone = await facade.remove(entity.id).catch(() => false);
      (gone ? removed : failed).push(entity);
    }
    await this.db.run("DELETE FROM content_pack_installations WHERE id = ?", [installationId]);
    return { entities: removed, failed_entities: failed, skipped_entities: skipped };
  }

  private async installation(id: string, installationId: string): Promise<ContentPackInstallation | null> {
    return (await this.installations(id)).find((installation) => installation._id === installationId) ?? null;
  }

  /** What an uninstall removes: what the installation created and no other installation uses. */
  private async split(installation: ContentPackInstallation) {
    const rows = await this.db.all<{ installation: string }>("SELECT installation FROM content_pack_installations WHERE id <> ?", [installation._id]);
    const usedElsewhere = new Set(
      rows.flatMap((row) => (JSON.parse(row.installation) as ContentPackInstallation).entities.map((entity) => `${entity.type.name}:${entity.id}`)),
    );
    const keep = (entity: NativeEntityDescriptor) => entity.found_on_system || usedElsewhere.has(`${entity.type.name}:${entity.id}`);
    return { removable: installation.entities.filter((entity) => !keep(entity)), skipped: installation.entities.filter(keep) };
  }
}

const stores = new WeakMap<ContentPackSources, EmbeddedContentPackStore>();

/** The one content pack store over a backend's stores (made when first asked for: it reads the backend's other stores). */
export function contentPackStoreFor(db: Database, sources: ContentPackSources): EmbeddedContentPackStore {
  let store = stores.get(sources);
  if (!store) stores.set(sources, store = new EmbeddedContentPackStore(db, sources));
  return store;
}
