import { Alert, Button, Group, Select, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlayerPlay, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import type { OutputSummary } from "../../../api/schemas/outputs.ts";
import { errorToastText } from "../../api/fetch-error.ts";
import { ConfigurationFormModal } from "../../common/config-form/ConfigurationFormModal.tsx";
import type { ConfiguredItemPayload } from "../../common/config-form/logic/configuration-values.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import {
  ASSIGN_EXISTING_OUTPUT,
  assignableOptions,
  assignedText,
  byTitle,
  createdText,
  editDialogTitle,
  FETCH_OUTPUTS_FAILED_TITLE,
  LAUNCH_NEW_OUTPUT,
  launchDialogTitle,
  NO_OUTPUTS,
  NO_STREAM_OUTPUTS,
  outputRequest,
  removedText,
  removeQuestion,
  SELECT_EXISTING_OUTPUT,
  SELECT_OUTPUT_TYPE,
  terminatedText,
  terminateQuestion,
  typeOptions,
  updatedText,
} from "./logic/output-list.ts";
import {
  assignOutput,
  createOutput,
  invalidateOutputs,
  outputMetricsQueryOptions,
  outputsQueryOptions,
  outputTypesQueryOptions,
  removeOutputFromStream,
  streamOutputsQueryOptions,
  terminateOutput,
  updateOutput,
} from "./output-queries.ts";
import { OutputListItem } from "./OutputListItem.tsx";

interface Props {
  /** The stream whose outputs are managed; null for every output (System → Outputs). */
  streamId: string | null;
}

/** The configuration dialog: closed, launching an output of a type, or editing one output. */
type Dialog = { kind: "closed" } | { kind: "launch"; type: string } | { kind: "edit"; output: OutputSummary };

/**
 * Outputs through the generic configuration form of their type: launch (on a stream's page attached to it), edit,
 * and terminate — or, for a stream, assign an existing output and remove one from the stream.
 */
export function OutputsManager({ streamId }: Props) {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const all = useQuery(outputsQueryOptions());
  const ofStream = useQuery({ ...streamOutputsQueryOptions(streamId ?? ""), enabled: streamId !== null });
  const types = useQuery(outputTypesQueryOptions());
  const [selectedType, setSelectedType] = useState<string | null>(null);
  const [selectedOutput, setSelectedOutput] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const [submitting, setSubmitting] = useState(false);
  const [toRemove, setToRemove] = useState<OutputSummary | null>(null);

  const shown = streamId === null ? all : ofStream;
  const outputs = byTitle(shown.data?.outputs ?? []);
  const metrics = useQuery({ ...outputMetricsQueryOptions(outputs), enabled: outputs.length > 0 && permissions.isPermitted("metrics:read") });
  const available = types.data?.types ?? {};
  // Stable across re-renders, so that an open dropdown keeps its options.
  const typeChoices = useMemo(() => typeOptions(types.data?.types ?? {}), [types.data]);
  const existingChoices = useMemo(() => assignableOptions(all.data?.outputs ?? [], ofStream.data?.outputs ?? []), [all.data, ofStream.data]);
  const dialogType = dialog.kind === "launch" ? dialog.type : dialog.kind === "edit" ? dialog.output.type : null;
  const dialogFields = dialogType ? available[dialogType]?.requested_configuration : undefined;
  const mayCreate = permissions.isPermitted("outputs:create");
  const mayEdit = permissions.isPermitted("outputs:edit");
  const mayTerminate = permissions.isPermitted("outputs:terminate");
  const mayEditStream = streamId !== null && permissions.isPermitted(`streams:edit:${streamId}`) && mayEdit;

  const run = async (work: () => Promise<string>, failure: string) => {
    setSubmitting(true);
    try {
      toastSuccess(await work());
      return true;
    } catch (error) {
      toastError(error, failure);
      return false;
    } finally {
      setSubmitting(false);
      await invalidateOutputs(queryClient);
    }
  };

  const submit = async (payload: ConfiguredItemPayload) => {
    const body = outputRequest(payload, streamId);
    const done = dialog.kind === "edit"
      ? await run(async () => {
        await updateOutput(dialog.output.id, { title: body.title, configuration: body.configuration });
        return updatedText(body.title);
      }, "Could not update output")
      : await run(async () => {
        await createOutput(body);
        return createdText(body.title);
      }, "Could not create output");
    if (done) setDialog({ kind: "closed" });
  };

  const assign = async (outputId: string) => {
    if (streamId === null) return;
    const title = all.data?.outputs.find((output) => output.id === outputId)?.title ?? outputId;
    if (await run(async () => {
      await assignOutput(streamId, outputId);
      return assignedText(title);
    }, "Could not assign output")) setSelectedOutput(null);
  };

  const remove = async (output: OutputSummary) => {
    await run(async () => {
      if (streamId === null) {
        await terminateOutput(output.id);
        return terminatedText(output.title);
      }
      await removeOutputFromStream(streamId, output.id);
      return removedText(output.title);
    }, streamId === null ? "Could not terminate output" : "Could not remove output from stream");
    setToRemove(null);
  };

  return (
    <Stack gap="lg">
      <Group align="flex-end" justify="space-between">
        {mayCreate && (streamId === null || mayEditStream) && (
          <Group align="flex-end">
            <Select aria-label={SELECT_OUTPUT_TYPE} placeholder={SELECT_OUTPUT_TYPE} w={300} data={typeChoices} value={selectedType} onChange={setSelectedType} />
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!selectedType || !available[selectedType]}
              onClick={() => selectedType && setDialog({ kind: "launch", type: selectedType })}
            >
              {LAUNCH_NEW_OUTPUT}
            </Button>
          </Group>
        )}
        {mayEditStream && (
          <Group align="flex-end">
            <Select
              aria-label={SELECT_EXISTING_OUTPUT}
              placeholder={SELECT_EXISTING_OUTPUT}
              searchable
              w={300}
              data={existingChoices}
              value={selectedOutput}
              onChange={setSelectedOutput}
            />
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={!selectedOutput || submitting}
              onClick={() => selectedOutput && void assign(selectedOutput)}
            >
              {ASSIGN_EXISTING_OUTPUT}
            </Button>
          </Group>
        )}
      </Group>
      {shown.error && <Alert color="red" title={FETCH_OUTPUTS_FAILED_TITLE}>{errorToastText(shown.error)}</Alert>}
      {shown.isSuccess && outputs.length === 0 && <Text c="dimmed" size="sm">{streamId === null ? NO_OUTPUTS : NO_STREAM_OUTPUTS}</Text>}
      <Stack gap="sm">
        {outputs.map((output) => (
          <OutputListItem
            key={output.id}
            output={output}
            type={available[output.type]}
            metrics={metrics.data?.metrics ?? []}
            removeLabel={streamId === null ? "Terminate" : "Delete from stream"}
            mayEdit={mayEdit}
            mayRemove={streamId === null ? mayTerminate : mayEditStream}
            onEdit={() => setDialog({ kind: "edit", output })}
            onRemove={() => setToRemove(output)}
          />
        ))}
      </Stack>
      <ConfigurationFormModal
        key={dialog.kind === "edit" ? dialog.output.id : dialogType ?? "closed"}
        opened={dialog.kind !== "closed" && dialogFields !== undefined}
        title={dialog.kind === "edit" ? editDialogTitle(dialog.output.title) : launchDialogTitle(available[dialogType ?? ""]?.name ?? "")}
        typeName={dialogType ?? ""}
        configFields={dialogFields ?? {}}
        values={dialog.kind === "edit" ? dialog.output.configuration : undefined}
        includeTitleField
        titleValue={dialog.kind === "edit" ? dialog.output.title : ""}
        submitButtonText={dialog.kind === "edit" ? "Update output" : "Create output"}
        submitting={submitting}
        onSubmit={(payload) => void submit(payload)}
        onCancel={() => setDialog({ kind: "closed" })}
      />
      <ConfirmDialog
        opened={toRemove !== null}
        title={streamId === null ? "Terminate output" : "Remove output from stream"}
        confirmText={streamId === null ? "Terminate" : "Remove"}
        confirmColor="red"
        submitting={submitting}
        onConfirm={() => toRemove && void remove(toRemove)}
        onCancel={() => setToRemove(null)}
      >
        {toRemove ? (streamId === null ? terminateQuestion(toRemove.title) : removeQuestion(toRemove.title)) : ""}
      </ConfirmDialog>
    </Stack>
  );
}
