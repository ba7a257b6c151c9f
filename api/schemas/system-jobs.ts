import { z } from "@hono/zod-openapi";

/**
 * The system jobs this node runs (Graylog's LegacySystemJob class names): a closed set, each with the text Graylog
 * describes it by. Only the range rebuild can be triggered through `POST /system/jobs`.
 */
export const SYSTEM_JOB_KINDS = {
  "org.graylog2.indexer.ranges.RebuildIndexRangesJob": { description: "Rebuilds index range information.", triggerable: true },
  "org.graylog2.indexer.SetIndexReadOnlyAndCalculateRangeJob": {
    description: "Makes the previous write index read only and calculates its index range afterwards.",
    triggerable: false,
  },
} as const satisfies Record<string, { description: string; triggerable: boolean }>;

export type SystemJobKind = keyof typeof SYSTEM_JOB_KINDS;

const TRIGGERABLE = (Object.keys(SYSTEM_JOB_KINDS) as SystemJobKind[]).filter((kind) => SYSTEM_JOB_KINDS[kind].triggerable) as [
  SystemJobKind,
  ...SystemJobKind[],
];

/** Where a job is: running, or finished (done, failed) and waiting to be acknowledged. */
export const SYSTEM_JOB_STATUSES = ["running", "complete", "error"] as const;
export type SystemJobStatus = (typeof SYSTEM_JOB_STATUSES)[number];

/** Graylog's SystemJobSummary, with the 5.1 job status that finished jobs are acknowledged by. */
export const SystemJobSummarySchema = z
  .object({
    id: z.string(),
    description: z.string(),
    name: z.string(),
    info: z.string(),
    node_id: z.string(),
    started_at: z.string(),
    percent_complete: z.number().int().min(0).max(100),
    is_cancelable: z.boolean(),
    provides_progress: z.boolean(),
    job_status: z.enum(SYSTEM_JOB_STATUSES),
  })
  .openapi("SystemJobSummary");

export const SystemJobListSchema = z.object({ jobs: z.array(SystemJobSummarySchema) }).openapi("SystemJobList");

/** `/cluster/jobs`: each node's jobs under its node id. */
export const ClusterJobsSchema = z.record(z.string(), SystemJobListSchema).openapi("ClusterJobs");

export const TriggerRequestSchema = z
  .object({ job_name: z.enum(TRIGGERABLE, { message: `job_name must be one of ${TRIGGERABLE.join(", ")}` }) })
  .strict()
  .openapi("TriggerRequest");

export const JobTriggeredSchema = z.object({ system_job_id: z.string() }).openapi("JobTriggered");

export type SystemJobSummary = z.infer<typeof SystemJobSummarySchema>;

/** Reports how far a job has come, 0 to 100. */
export type JobProgress = (percent: number) => void;

/** The node's system jobs: those running and those finished but not yet acknowledged. */
export interface SystemJobStore {
  list(): SystemJobSummary[];
  get(id: string): SystemJobSummary | null;
  /** Starts a job of a triggerable kind; its id. */
  trigger(kind: SystemJobKind): string;
  /** Forgets a finished job; false when there is no finished job with that id. */
  acknowledge(id: string): boolean;
}
