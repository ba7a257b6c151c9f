import type { SystemJobStatus } from "../../../../api/schemas/system-jobs.ts";

/** A job's class name shortened to its simple name, as Graylog's overview shows it. */
export function jobName(className: string): string {
  return className.slice(className.lastIndexOf(".") + 1);
}

export const JOB_STATUS_COLORS: Record<SystemJobStatus, string> = {
  running: "blue",
  complete: "green",
  error: "red",
};
