import { EntityValidationError } from "../../api/schemas/paginated.ts";
import {
  type AdministrationRequest,
  type BulkActionsRequest,
  type Collector,
  type CollectorAction,
  type CollectorBody,
  type NodeConfigurationRequest,
  type RegistrationRequest,
  type RegistrationResponse,
  SIDECAR_STATUSES,
  type SidecarConfiguration,
  type SidecarConfigurationBody,
  type SidecarStore,
  type SidecarSummary,
} from "../../api/schemas/sidecars.ts";
import { DEFAULT_SIDECAR_COLLECTORS } from "../../fixtures/default-sidecar-collectors.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";

export const SIDECAR_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS sidecars (node_id VARCHAR PRIMARY KEY, node_name VARCHAR NOT NULL, last_seen TIMESTAMP NOT NULL, doc VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS sidecar_collectors (id VARCHAR PRIMARY KEY, doc VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS sidecar_configurations (id VARCHAR PRIMARY KEY, doc VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS sidecar_actions (node_id VARCHAR NOT NULL, collector_id VARCHAR NOT NULL, action VARCHAR NOT NULL)`,
  // One row once the default collectors were installed, so that deleting them later does not bring them back.
  `CREATE TABLE IF NOT EXISTS sidecar_default_collectors_installed (installed_at TIMESTAMP NOT NULL)`,
];

/** Graylog's defaults: sidecars check in every 30 s and count as inactive after a minute without. */
const UPDATE_INTERVAL_SECONDS = 30;
export const INACTIVE_AFTER_MS = 60_000;

/** A stored sidecar: what it last said, and its assignments. */
type StoredSidecar = Omit<SidecarSummary, "active" | "collectors">;

/** Whether a sidecar last seen at `lastSeen` counts as active at `now`. */
export function isActive(lastSeen: string, now: number): boolean {
  return now - Date.parse(lastSeen) <= INACTIVE_AFTER_MS;
}

/** Fills a template's `${sidecar.*}` variables for one sidecar. */
export function renderTemplate(template: string, sidecar: StoredSidecar): string {
  const values: Record<string, string> = {
    nodeId: sidecar.node_id,
    nodeName: sidecar.node_name,
    operatingSystem: sidecar.node_details.operating_system,
    sidecarVersion: sidecar.sidecar_version,
  };
  return template.replace(/\$\{sidecar\.(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Sidecars, collectors and configurations on DuckDB (each a JSON document). */
export class EmbeddedSidecarStore implements SidecarStore {
  constructor(private readonly db: Database, private readonly now: () => number = Date.now) {}

  async register(nodeId: string, request: RegistrationRequest, version: string): Promise<RegistrationResponse> {
    const previous = await this.stored(nodeId);
    const sidecar: StoredSidecar = {
      node_id: nodeId,
      node_name: request.node_name,
      node_details: request.node_details,
      assignments: previous?.assignments ?? [],
      last_seen: new Date(this.now()).toISOString(),
      sidecar_version: version,
    };
    await this.db.run("INSERT OR REPLACE INTO sidecars VALUES (?, ?, ?, ?)", [nodeId, sidecar.node_name, sidecar.last_seen, JSON.stringify(sidecar)]);
    const pending = await this.db.all<{ collector_id: string; action: string }>("SELECT collector_id, action FROM sidecar_actions WHERE node_id = ?", [nodeId]);
    await this.db.run("DELETE FROM sidecar_actions WHERE node_id = ?", [nodeId]);
    const actions: CollectorAction[] = pending.map((row) => ({ collector_id: row.collector_id, properties: { [row.action]: true } }));
    return {
      configuration: { update_interval: UPDATE_INTERVAL_SECONDS, send_status: true },
      configuration_override: false,
      actions: actions.length > 0 ? actions : null,
      assignments: previous ? sidecar.assignments : null,
    };
  }

  async list({ query, onlyActive, sort, order }: { query: string; onlyActive: boolean; sort: string; order: "asc" | "desc" }): Promise<SidecarSummary[]> {
    const now = this.now();
    const needle = query.trim().toLowerCase();
    const all = (await this.all()).map((sidecar) => this.summary(sidecar, now))
      .filter((sidecar) => (!onlyActive || sidecar.active) && (needle === "" || sidecar.node_name.toLowerCase().includes(needle)));
    const key = (sidecar: SidecarSummary) => String(sidecar[sort as "node_name" | "last_seen" | "sidecar_version"] ?? "").toLowerCase();
    all.sort((a, b) => key(a).localeCompare(key(b)) * (order === "desc" ? -1 : 1));
    return all;
  }

  async get(nodeId: string): Promise<SidecarSummary | null> {
    const sidecar = await this.stored(nodeId);
    return sidecar ? this.summary(sidecar, this.now()) : null;
  }

  async assign(request: NodeConfigurationRequest): Promise<string | null> {
    const configurations = new Map((await this.configurations()).map((configuration) => [configuration.id, configuration]));
    const updated: StoredSidecar[] = [];
    for (const node of request.nodes) {
      const sidecar = updated.find((candidate) => candidate.node_id === node.node_id) ?? await this.stored(node.node_id);
      if (!sidecar) return node.node_id;
      for (const assignment of node.assignments) {
        const configuration = configurations.get(assignment.configuration_id);
        if (!configuration) throw new EntityValidationError(`assignments.configuration_id: there is no configuration <${assignment.configuration_id}>`);
        if (configuration.collector_id !== assignment.collector_id) {
          throw new EntityValidationError(`assignments.collector_id: configuration <${configuration.name}> is not for collector <${assignment.collector_id}>`);
        }
      }
      const others = updated.filter((candidate) => candidate.node_id !== node.node_id);
      const previous = updated.find((candidate) => candidate.node_id === node.node_id)?.assignments ?? [];
      updated.splice(0, updated.length, ...others, { ...sidecar, assignments: [...previous, ...node.assignments] });
    }
    for (const sidecar of updated) {
      await this.db.run("UPDATE sidecars SET doc = ? WHERE node_id = ?", [JSON.stringify(sidecar), sidecar.node_id]);
    }
    return null;
  }

  async administration(request: AdministrationRequest): Promise<SidecarSummary[]> {
    const collectors = await this.collectors();
    const sidecars = await this.list({ query: request.query, onlyActive: false, sort: "node_name", order: "asc" });
    const { collector, configuration, os, status } = request.filters;
    return sidecars
      .map((sidecar) => ({
        ...sidecar,
        collectors: collectors
          .filter((candidate) => candidate.node_operating_system === sidecar.node_details.operating_system.toLowerCase())
          .map((candidate) => candidate.id),
      }))
      .filter((sidecar) =>
        (!collector || sidecar.collectors.includes(collector)) &&
        (!configuration || sidecar.assignments.some((assignment) => assignment.configuration_id === configuration)) &&
        (!os || sidecar.node_details.operating_system.toLowerCase() === os.toLowerCase()) &&
        (!status || statusName(sidecar) === status)
      );
  }

  async queueActions(request: BulkActionsRequest): Promise<void> {
    for (const { sidecar_id, collector_ids } of request.collectors) {
      if (!(await this.stored(sidecar_id))) throw new EntityValidationError(`collectors.sidecar_id: there is no sidecar <${sidecar_id}>`);
      for (const collectorId of collector_ids) {
        await this.db.run("INSERT INTO sidecar_actions VALUES (?, ?, ?)", [sidecar_id, collectorId, request.action]);
      }
    }
  }

  async collectors(): Promise<Collector[]> {
    await this.installDefaultCollectors();
    const rows = await this.db.all<{ doc: string }>("SELECT doc FROM sidecar_collectors");
    return rows.map((row) => JSON.parse(row.doc) as Collector)
      .sort((a, b) => a.name.localeCompare(b.name) || a.node_operating_system.localeCompare(b.node_operating_system));
  }

  async collector(id: string): Promise<Collector | null> {
    return (await this.collectors()).find((collector) => collector.id === id) ?? null;
  }

  async createCollector(body: CollectorBody): Promise<Collector> {
    await this.assertUniqueCollector(body, null);
    const collector: Collector = { ...body, id: objectId() };
    await this.db.run("INSERT INTO sidecar_collectors VALUES (?, ?)", [collector.id, JSON.stringify(collector)]);
    return collector;
  }

  async updateCollector(id: string, body: CollectorBody): Promise<Collector | null> {
    if (!(await this.collector(id))) return null;
    await this.assertUniqueCollector(body, id);
    const collector: Collector = { ...body, id };
    await this.db.run("UPDATE sidecar_collectors SET doc = ? WHERE id = ?", [JSON.stringify(collector), id]);
    return collector;
  }

  async deleteCollector(id: string): Promise<boolean> {
    if (!(await this.collector(id))) return false;
    const using = (await this.configurations()).find((configuration) => configuration.collector_id === id);
    if (using) throw new EntityValidationError(`collector: the configuration <${using.name}> still uses this collector`);
    await this.db.run("DELETE FROM sidecar_collectors WHERE id = ?", [id]);
    return true;
  }

  async configurations(): Promise<SidecarConfiguration[]> {
    const rows = await this.db.all<{ doc: string }>("SELECT doc FROM sidecar_configurations");
    return rows.map((row) => JSON.parse(row.doc) as SidecarConfiguration).sort((a, b) => a.name.localeCompare(b.name));
  }

  async configuration(id: string): Promise<SidecarConfiguration | null> {
    const row = await this.db.first<{ doc: string }>("SELECT doc FROM sidecar_configurations WHERE id = ?", [id]);
    return row ? JSON.parse(row.doc) as SidecarConfiguration : null;
  }

  async render(nodeId: string, configurationId: string): Promise<SidecarConfiguration | null> {
    const [sidecar, configuration] = [await this.stored(nodeId), await this.configuration(configurationId)];
    if (!sidecar || !configuration) return null;
    return { ...configuration, template: renderTemplate(configuration.template, sidecar) };
  }

  async createConfiguration(body: SidecarConfigurationBody): Promise<SidecarConfiguration> {
    await this.assertValidConfiguration(body, null);
    const configuration: SidecarConfiguration = { id: objectId(), collector_id: body.collector_id, name: body.name, color: body.color, template: body.template, tags: body.tags };
    await this.db.run("INSERT INTO sidecar_configurations VALUES (?, ?)", [configuration.id, JSON.stringify(configuration)]);
    return configuration;
  }

  async updateConfiguration(id: string, body: SidecarConfigurationBody): Promise<SidecarConfiguration | null> {
    if (!(await this.configuration(id))) return null;
    await this.assertValidConfiguration(body, id);
    const configuration: SidecarConfiguration = { id, collector_id: body.collector_id, name: body.name, color: body.color, template: body.template, tags: body.tags };
    await this.db.run("UPDATE sidecar_configurations SET doc = ? WHERE id = ?", [JSON.stringify(configuration), id]);
    return configuration;
  }

  async deleteConfiguration(id: string): Promise<boolean> {
    if (!(await this.configuration(id))) return false;
    const user = (await this.all()).find((sidecar) => sidecar.assignments.some((assignment) => assignment.configuration_id === id));
    if (user) throw new EntityValidationError(`configuration: it is still assigned to sidecar <${user.node_name}>`);
    await this.db.run("DELETE FROM sidecar_configurations WHERE id = ?", [id]);
    return true;
  }

  private async all(): Promise<StoredSidecar[]> {
    return (await this.db.all<{ doc: string }>("SELECT doc FROM sidecars")).map((row) => JSON.parse(row.doc) as StoredSidecar);
  }

  private async stored(nodeId: string): Promise<StoredSidecar | null> {
    const row = await this.db.first<{ doc: string }>("SELECT doc FROM sidecars WHERE node_id = ?", [nodeId]);
    return row ? JSON.parse(row.doc) as StoredSidecar : null;
  }

  private summary(sidecar: StoredSidecar, now: number): SidecarSummary {
    return { ...sidecar, active: isActive(sidecar.last_seen, now) };
  }

  private async assertUniqueCollector(body: CollectorBody, id: string | null): Promise<void> {
    const clash = (await this.collectors()).find((collector) =>
      collector.id !== id && collector.name === body.name && collector.node_operating_system === body.node_operating_system
    );
    if (clash) throw new EntityValidationError(`name: a collector <${body.name}> on ${body.node_operating_system} exists already`);
  }

  private async assertValidConfiguration(body: SidecarConfigurationBody, id: string | null): Promise<void> {
    if (!(await this.collector(body.collector_id))) throw new EntityValidationError(`collector_id: there is no collector <${body.collector_id}>`);
    const clash = (await this.configurations()).find((configuration) => configuration.id !== id && configuration.name === body.name);
    if (clash) throw new EntityValidationError(`name: a configuration named <${body.name}> exists already`);
  }

  /** Graylog's default collectors, once per database. */
  private installDefaultCollectors(): Promise<void> {
    this.defaultsInstalled ??= this.installDefaultsOnce();
    return this.defaultsInstalled;
  }

  private defaultsInstalled: Promise<void> | null = null;

  private async installDefaultsOnce(): Promise<void> {
    if (await this.db.first("SELECT 1 FROM sidecar_default_collectors_installed")) return;
    await this.db.transaction(async (connection) => {
      for (const body of DEFAULT_SIDECAR_COLLECTORS) {
        const collector: Collector = { ...body, id: objectId() };
        await connection.run("INSERT INTO sidecar_collectors VALUES (?, ?)", [collector.id, JSON.stringify(collector)]);
      }
      await connection.run("INSERT INTO sidecar_default_collectors_installed VALUES (now())");
    });
  }
}

/** A sidecar's status in the administration filter's words. */
function statusName(sidecar: SidecarSummary): string {
  const code = sidecar.node_details.status?.status ?? SIDECAR_STATUSES.unknown;
  return (Object.keys(SIDECAR_STATUSES) as (keyof typeof SIDECAR_STATUSES)[]).find((name) => SIDECAR_STATUSES[name] === code) ?? "unknown";
}
