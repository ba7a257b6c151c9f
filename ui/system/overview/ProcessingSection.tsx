import { Badge, Button, Group, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { useMounted } from "../../common/use-mounted.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { OverviewSection } from "./OverviewSection.tsx";
import { processingStatusQueryOptions, setProcessing, systemInfoQueryOptions } from "./overview-queries.ts";

/** Message processing of this node: running or paused (the state survives a restart), with its receive times. */
export function ProcessingSection() {
  const system = useQuery({ ...systemInfoQueryOptions(), staleTime: 0, refetchInterval: 5000 });
  const status = useQuery(processingStatusQueryOptions());
  const queryClient = useQueryClient();
  const mounted = useMounted();
  const [confirming, setConfirming] = useState(false);
  const processing = system.data?.is_processing;
  const change = async (running: boolean) => {
    try {
      await setProcessing(queryClient, running);
      toastSuccess(running ? "Message processing resumed." : "Message processing paused.");
    } catch (error) {
      toastError(error);
    }
  };
  const at = (iso: string | undefined) => (iso && mounted && Date.parse(iso) > 0 ? new Date(iso).toLocaleString() : "—");
  return (
    <OverviewSection title="Message processing">
      {system.data && (
        <Group justify="space-between">
          <Text size="sm" component="div" data-testid="processing-state">
            Message processing is{" "}
            <Badge color={processing ? "green" : "orange"} variant="light">{processing ? "running" : "paused"}</Badge>
            {processing ? "" : " Received messages wait and are processed when it resumes."}
          </Text>
          {processing
            ? <Button size="xs" color="orange" variant="light" onClick={() => setConfirming(true)}>Pause message processing</Button>
            : <Button size="xs" onClick={() => void change(true)}>Resume message processing</Button>}
        </Group>
      )}
      {status.data && (
        <Text size="xs" c="dimmed" data-testid="receive-times">
          Last message received: {at(status.data.receive_times.pre_journal)} · processed: {at(status.data.receive_times.post_processing)} · indexed:{" "}
          {at(status.data.receive_times.post_indexing)}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Pause message processing"
        confirmText="Pause"
        confirmColor="orange"
        onConfirm={() => {
          setConfirming(false);
          void change(false);
        }}
        onCancel={() => setConfirming(false)}
      >
        Do you really want to pause message processing? Received messages are kept and processed when you resume.
      </ConfirmDialog>
    </OverviewSection>
  );
}
