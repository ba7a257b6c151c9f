import { Alert, Badge, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastError } from "../../common/toast.ts";
import { useMounted } from "../../common/use-mounted.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { OverviewSection } from "./OverviewSection.tsx";
import { acknowledgeJob, systemJobsQueryOptions } from "./overview-queries.ts";
import { JOB_STATUS_COLORS, jobName } from "./logic/system-jobs.ts";

/** System jobs of the node: running ones with their progress, finished ones until acknowledged. */
export function SystemJobsSection() {
  const jobs = useQuery(systemJobsQueryOptions());
  const queryClient = useQueryClient();
  const mounted = useMounted();
  const mayAcknowledge = usePermissions().isPermitted("systemjobs:delete");
  const acknowledge = async (id: string) => {
    try {
      await acknowledgeJob(queryClient, id);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <OverviewSection title="System jobs">
      {jobs.isError && <Alert color="red">{failureMessage(jobs.error)}</Alert>}
      {jobs.data?.jobs.length === 0 && <Text size="sm" data-testid="no-system-jobs">No active system jobs.</Text>}
      {jobs.data?.jobs.map((job) => (
        <Stack key={job.id} gap={4} data-testid="system-job">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Text size="sm" fw={600}>{jobName(job.name)}</Text>
              <Badge size="sm" variant="light" color={JOB_STATUS_COLORS[job.job_status]}>{job.job_status}</Badge>
            </Group>
            {mayAcknowledge && job.job_status !== "running" && (
              <Button size="xs" variant="default" onClick={() => void acknowledge(job.id)}>Acknowledge</Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {job.description} {job.info} Started {mounted ? new Date(job.started_at).toLocaleString() : job.started_at}.
          </Text>
          {job.provides_progress && (
            <Progress value={job.percent_complete} aria-label={`${jobName(job.name)}: ${job.percent_complete} %`} />
          )}
        </Stack>
      ))}
    </OverviewSection>
  );
}
