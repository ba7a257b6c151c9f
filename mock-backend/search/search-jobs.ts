import type { SearchJob } from "../../api/schemas/search.ts";

/** Jobs expire five minutes after they were last read (GRAYLOG-NOTES §2). */
export const JOB_TTL_MS = 5 * 60_000;

/** Finished search jobs, kept in memory for the status poll. */
export class SearchJobs {
  private readonly jobs = new Map<string, { job: SearchJob; lastAccess: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  add(job: SearchJob): void {
    this.sweep();
    this.jobs.set(job.id, { job, lastAccess: this.now() });
  }

  /** The job if it exists, belongs to `owner` and has not expired. */
  get(id: string, owner: string): SearchJob | null {
    this.sweep();
    const entry = this.jobs.get(id);
    if (!entry || entry.job.owner !== owner) return null;
    entry.lastAccess = this.now();
    return entry.job;
  }

  private sweep(): void {
    const cutoff = this.now() - JOB_TTL_MS;
    for (const [id, entry] of this.jobs) if (entry.lastAccess < cutoff) this.jobs.delete(id);
  }
}
