import { Alert, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import type { InputSummary } from "../../../api/schemas/inputs.ts";
import { errorToastText } from "../../api/fetch-error.ts";
import { ConfigurationFormModal } from "../../common/config-form/ConfigurationFormModal.tsx";
import type { ConfiguredItemPayload } from "../../common/config-form/logic/configuration-values.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { GlobalInputCheckbox } from "./GlobalInputCheckbox.tsx";
import { InputListItem } from "./InputListItem.tsx";
import {
  deleteInput,
  inputMetricsQueryOptions,
  inputStatesQueryOptions,
  inputsQueryOptions,
  inputTypesQueryOptions,
  invalidateInputs,
  launchInput,
  systemInfoQueryOptions,
  updateInput,
} from "./input-queries.ts";
import {
  deletedText,
  deleteQuestion,
  editDialogTitle,
  FETCH_INPUTS_FAILED_TITLE,
  fetchInputsFailedText,
  INPUTS_PAGE_DESCRIPTION,
  inputRequest,
  inputSections,
  LAUNCH_NEW_INPUT,
  launchDialogTitle,
  launchedText,
  NO_GLOBAL_INPUTS,
  NO_LOCAL_INPUTS,
  SELECT_INPUT,
  updatedText,
} from "./logic/input-list.ts";
import { StaticFieldModal } from "./StaticFieldModal.tsx";

/** The configuration dialog: closed, launching an input of a type, or editing one input. */
type Dialog = { kind: "closed" } | { kind: "launch"; type: string } | { kind: "edit"; input: InputSummary };

/**
 * System → Inputs (spec 002 §2): launch an input of a type through its configuration form, and per input its
 * state, where it listens, what it received, start/stop, edit, static fields, delete and its received messages.
 */
export function InputsPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const inputs = useQuery(inputsQueryOptions());
  const states = useQuery(inputStatesQueryOptions());
  const types = useQuery(inputTypesQueryOptions());
  const system = useQuery(systemInfoQueryOptions());
  const all = inputs.data?.inputs ?? [];
  const metrics = useQuery({ ...inputMetricsQueryOptions(all), enabled: all.length > 0 && permissions.isPermitted("metrics:read") });
  const [selectedType, setSelectedType] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const [global, setGlobal] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [toDelete, setToDelete] = useState<InputSummary | null>(null);
  const [addingFieldTo, setAddingFieldTo] = useState<InputSummary | null>(null);

  useEffect(() => {
    if (inputs.error) toastError(fetchInputsFailedText(errorToastText(inputs.error)), FETCH_INPUTS_FAILED_TITLE);
  }, [inputs.error]);

  // Stable across the polls' re-renders, so that an open dropdown keeps its options.
  const typeOptions = useMemo(
    () => Object.values(types.data ?? {}).map((type) => ({ value: type.type, label: type.name })).sort((a, b) => a.label.localeCompare(b.label)),
    [types.data],
  );
  const mayCreate = permissions.isPermitted("inputs:create");
  const typeInfo = (type: string) => types.data?.[type];
  const dialogType = dialog.kind === "launch" ? dialog.type : dialog.kind === "edit" ? dialog.input.type : null;
  const dialogFields = dialogType ? typeInfo(dialogType)?.requested_configuration : undefined;
  const { global: globalInputs, local: localInputs } = inputSections(all);

  const openDialog = (next: Dialog) => {
    setGlobal(next.kind === "edit" ? next.input.global : true);
    setDialog(next);
  };

  const submit = async (payload: ConfiguredItemPayload) => {
    setSubmitting(true);
    try {
      const body = inputRequest(payload, global, system.data?.node_id ?? null);
      if (dialog.kind === "edit") {
        await updateInput(dialog.input.id, body);
        toastSuccess(updatedText(body.title));
      } else {
        await launchInput(body);
        toastSuccess(launchedText(body.title));
      }
      setDialog({ kind: "closed" });
      await invalidateInputs(queryClient);
    } catch (error) {
      toastError(error, dialog.kind === "edit" ? "Could not update input" : "Could not launch input");
    } finally {
      setSubmitting(false);
    }
  };

  const confirmDelete = async (input: InputSummary) => {
    setSubmitting(true);
    try {
      await deleteInput(input.id);
      toastSuccess(deletedText(input.title));
    } catch (error) {
      toastError(error, "Could not delete input");
    } finally {
      setSubmitting(false);
      setToDelete(null);
      await invalidateInputs(queryClient);
    }
  };

  const renderList = (list: InputSummary[], empty: string) =>
    list.length === 0 ? <Text c="dimmed" size="sm">{empty}</Text> : (
      <Stack gap="sm">
        {list.map((input) => (
          <InputListItem
            key={input.id}
            input={input}
            state={states.data?.states.find((state) => state.id === input.id)}
            metrics={metrics.data?.metrics ?? []}
            onEdit={() => openDialog({ kind: "edit", input })}
            onDelete={() => setToDelete(input)}
            onAddStaticField={() => setAddingFieldTo(input)}
          />
        ))}
      </Stack>
    );

  return (
    <PageLayout title="Inputs" description={INPUTS_PAGE_DESCRIPTION}>
      <Stack gap="lg">
        {mayCreate && (
          <Group align="flex-end">
            <Select
              aria-label={SELECT_INPUT}
              placeholder={SELECT_INPUT}
              searchable
              w={360}
              data={typeOptions}
              value={selectedType}
              onChange={setSelectedType}
            />
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!selectedType || !typeInfo(selectedType)}
              onClick={() => selectedType && openDialog({ kind: "launch", type: selectedType })}
            >
              {LAUNCH_NEW_INPUT}
            </Button>
          </Group>
        )}
        {inputs.error && <Alert color="red" title={FETCH_INPUTS_FAILED_TITLE}>{fetchInputsFailedText(errorToastText(inputs.error))}</Alert>}
        <section aria-label="Global inputs">
          <Group gap="xs" mb="xs">
            <Title order={3}>Global inputs</Title>
            <Text c="dimmed" size="sm">{globalInputs.length} configured</Text>
          </Group>
          {renderList(globalInputs, NO_GLOBAL_INPUTS)}
        </section>
        <section aria-label="Local inputs">
          <Group gap="xs" mb="xs">
            <Title order={3}>Local inputs</Title>
            <Text c="dimmed" size="sm">{localInputs.length} configured</Text>
          </Group>
          {renderList(localInputs, NO_LOCAL_INPUTS)}
        </section>
      </Stack>
      <ConfigurationFormModal
        key={dialog.kind === "edit" ? dialog.input.id : dialogType ?? "closed"}
        opened={dialog.kind !== "closed" && dialogFields !== undefined}
        title={dialog.kind === "edit" ? editDialogTitle(dialog.input.title) : launchDialogTitle(typeInfo(dialogType ?? "")?.name ?? "")}
        typeName={dialogType ?? ""}
        configFields={dialogFields ?? {}}
        values={dialog.kind === "edit" ? dialog.input.attributes : undefined}
        includeTitleField
        titleValue={dialog.kind === "edit" ? dialog.input.title : ""}
        submitButtonText={dialog.kind === "edit" ? "Update input" : "Launch Input"}
        submitting={submitting}
        onSubmit={(payload) => void submit(payload)}
        onCancel={() => setDialog({ kind: "closed" })}
      >
        <GlobalInputCheckbox checked={global} onChange={setGlobal} />
      </ConfigurationFormModal>
      <StaticFieldModal input={addingFieldTo} onClose={() => setAddingFieldTo(null)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete input"
        confirmText="Delete"
        confirmColor="red"
        submitting={submitting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteQuestion(toDelete.title) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
