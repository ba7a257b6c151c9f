import { EXPORT_JOB_LIFETIME_MS, type ExportJob, type ExportJobSpec, ExportJobSpecSchema, type ExportJobStore } from "../../api/schemas/export-jobs.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";

export const EXPORT_JOB_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS export_jobs (
     id VARCHAR PRIMARY KEY, owner VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, spec JSON NOT NULL)`,
];

/** Export jobs in DuckDB: they survive a restart and are forgotten an hour after they were created. */
export class EmbeddedExportJobStore implements ExportJobStore {
  constructor(private readonly db: Database, private readonly lifetimeMs = EXPORT_JOB_LIFETIME_MS) {}

  async create(owner: string, spec: ExportJobSpec): Promise<ExportJob> {
    const now = Date.now();
    await this.db.run("DELETE FROM export_jobs WHERE created_at < make_timestamp(?::BIGINT * 1000)", [now - this.lifetimeMs]);
    const job: ExportJob = { id: objectId(now), owner, created_at: new Date(now).toISOString(), spec };
    await this.db.run("INSERT INTO export_jobs VALUES (?, ?, make_timestamp(?::BIGINT * 1000), ?)", [job.id, owner, now, JSON.stringify(spec)]);
    return job;
  }

  async get(id: string, now = Date.now()): Promise<ExportJob | null> {
    const row = await this.db.first<{ id: string; owner: string; created_ms: bigint; spec: string }>(
      "SELECT id, owner, epoch_ms(created_at) AS created_ms, spec FROM export_jobs WHERE id = ?",
      [id],
    );
    if (!row || Number(row.created_ms) + this.lifetimeMs < now) return null;
    return {
      id: row.id,
      owner: row.owner,
      created_at: new Date(Number(row.created_ms)).toISOString(),
      spec: ExportJobSpecSchema.parse(JSON.parse(row.spec)),
    };
  }
}
