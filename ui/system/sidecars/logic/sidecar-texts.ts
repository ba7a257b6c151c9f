import { SIDECAR_STATUSES } from "../../../../api/schemas/sidecars.ts";
import { paths } from "../../../../shared/paths.ts";

/** The user-visible texts and pure helpers of System → Sidecars. */
export const SIDECARS_DESCRIPTION =
  "The Graylog sidecars can reliably forward contents of log files or Windows EventLog from your servers.";
export const NO_SIDECARS = "There are no sidecars to show. Did you try to include inactive sidecars?";
export const INCLUDE_INACTIVE = "Include inactive sidecars";
export const NO_FAILURES = "No sidecar reports a failing collector.";

type StatusName = keyof typeof SIDECAR_STATUSES;
const STATUS_TITLES: Record<StatusName, { title: string; color: string }> = {
  running: { title: "Running", color: "green" },
  unknown: { title: "Unknown", color: "gray" },
  failing: { title: "Failing", color: "red" },
  stopped: { title: "Stopped", color: "orange" },
};

/** A status code's title and badge colour ("Unknown" for a code graylog-sidecar did not send). */
export function statusBadge(code: number | null | undefined): { title: string; color: string } {
  const name = (Object.keys(SIDECAR_STATUSES) as StatusName[]).find((candidate) => SIDECAR_STATUSES[candidate] === code) ?? "unknown";
  return STATUS_TITLES[name];
}

/** The tabs every sidecar page shows. */
export const SIDECAR_TABS = [
  { title: "Overview", href: () => paths.sidecars.href() },
  { title: "Administration", href: () => paths.sidecarAdministration.href() },
  { title: "Configuration", href: () => paths.sidecarConfiguration.href() },
  { title: "Failure tracking", href: () => paths.sidecarFailureTracking.href() },
] as const;
