import {
  type JobProgress,
  SYSTEM_JOB_KINDS,
  type SystemJobKind,
  type SystemJobStore,
  type SystemJobSummary,
} from "../../api/schemas/system-jobs.ts";
import { objectId } from "../object-id.ts";

/** What a job does; `info` says what it works on (shown beside its description). */
export type SystemJobWork = (progress: JobProgress) => Promise<void>;

/** The work of the kinds `POST /system/jobs` may start. */
export type TriggerableJobs = Partial<Record<SystemJobKind, () => { info: string; work: SystemJobWork }>>;

export interface SystemJobManagerOptions {
  nodeId: string;
  /** Told when a job finishes (a system message), with its duration or its failure. */
  finished?: (job: SystemJobSummary, outcome: { tookMs: number; error: string | null }) => void;
}

/**
 * This node's system jobs (Graylog's SystemJobManager): each runs in the background with its progress; a finished
 * job stays listed, complete or failed, until someone acknowledges it.
 */
export class SystemJobManager implements SystemJobStore {
  private readonly jobs = new Map<string, SystemJobSummary>();
  private triggerable: TriggerableJobs = {};

  constructor(private readonly options: SystemJobManagerOptions) {}

  /** Says what `POST /system/jobs` runs for each triggerable kind. */
  useTriggerable(jobs: TriggerableJobs): void {
    this.triggerable = jobs;
  }

  /** Runs a job; resolves (or rejects) when it is done, while the job stays listed until acknowledged. */
  async run(kind: SystemJobKind, info: string, work: SystemJobWork): Promise<void> {
    const job: SystemJobSummary = {
      id: objectId(),
      description: SYSTEM_JOB_KINDS[kind].description,
      name: kind,
      info,
      node_id: this.options.nodeId,
      started_at: new Date().toISOString(),
      percent_complete: 0,
      is_cancelable: false,
      provides_progress: true,
      job_status: "running",
    };
    this.jobs.set(job.id, job);
    const started = performance.now();
    try {
      await work((percent) => (job.percent_complete = Math.max(0, Math.min(100, Math.round(percent)))));
      Object.assign(job, { percent_complete: 100, job_status: "complete" });
      this.options.finished?.(job, { tookMs: Math.round(performance.now() - started), error: null });
    } catch (error) {
      job.job_status = "error";
      this.options.finished?.(job, { tookMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /** Starts a job in the background; its id (failures stay on the job). */
  start(kind: SystemJobKind, info: string, work: SystemJobWork): string {
    const before = new Set(this.jobs.keys());
    this.run(kind, info, work).catch(() => {});
    return [...this.jobs.keys()].find((id) => !before.has(id))!;
  }

  list(): SystemJobSummary[] {
    return [...this.jobs.values()].map((job) => ({ ...job })).sort((a, b) => b.started_at.localeCompare(a.started_at));
  }

  get(id: string): SystemJobSummary | null {
    const job = this.jobs.get(id);
    return job ? { ...job } : null;
  }

  trigger(kind: SystemJobKind): string {
    const make = this.triggerable[kind];
    if (!make) throw new Error(`${kind} cannot be triggered`);
    const { info, work } = make();
    return this.start(kind, info, work);
  }

  acknowledge(id: string): boolean {
    const job = this.jobs.get(id);
    if (!job || job.job_status === "running") return false;
    return this.jobs.delete(id);
  }
}
