import {
  Alert, Button, Checkbox, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, Stepper, Switch, Table, TagsInput, Text, Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { EventDefinition } from "../../api/schemas/events.ts";
import { paths } from "../../shared/paths.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";
import { failureMessage } from "../api/fetch-error.ts";
import { toastSuccess } from "../common/toast.ts";
import { PageLayout } from "../shell/PageLayout.tsx";
import { AlertsNavigation } from "./AlertsNavigation.tsx";
import {
  allNotificationsQueryOptions, createDefinition, definitionPageQueryOptions, definitionQueryOptions, invalidateDefinitions, updateDefinition,
} from "./alert-queries.ts";
import {
  COMPARISONS, conditionSummary, definitionBody, definitionFormValues, type DefinitionFormValues, NEW_AGGREGATION, NEW_DEFINITION, PRIORITIES,
  SERIES_FUNCTIONS, stepErrors, TIME_UNITS, WIZARD_STEPS,
} from "./logic/event-definition-form.ts";
import { formValuesFromValue } from "./logic/from-value-form.ts";
import { takeFromValue } from "./logic/from-value-session.ts";

/** The wizard's step named by `?step=` (Graylog's step keys); the first otherwise. */
const STEP_KEYS: Record<string, number> = { "event-details": 0, condition: 1, fields: 2, notifications: 3, summary: 4 };

/** /alerts/definitions/new, /{id} and /{id}/edit: loads the definition (and whether it is scheduled) first. */
export function EventDefinitionFormPage() {
  const { definitionId } = useParams();
  const definition = useQuery({ ...definitionQueryOptions(definitionId ?? ""), enabled: definitionId !== undefined });
  const states = useQuery({
    ...definitionPageQueryOptions({ query: `id:${definitionId ?? ""}`, page: 1, perPage: 1, order: "asc" }),
    enabled: definitionId !== undefined,
  });
  if (definitionId === undefined) return <DefinitionWizard definition={null} initial={NEW_DEFINITION} />;
  if (!definition.data || !states.data) return <PageLayout title="Edit event definition"><Text>Loading…</Text></PageLayout>;
  const scheduled = states.data.elements.find((element) => element.id === definitionId)?.state === "ENABLED";
  return <DefinitionWizard definition={definition.data} initial={definitionFormValues(definition.data, scheduled)} />;
}

interface WizardProps {
  definition: EventDefinition | null;
  initial: DefinitionFormValues;
}

function DefinitionWizard({ definition, initial }: WizardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState(STEP_KEYS[searchParams.get("step") ?? ""] ?? 0);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<DefinitionFormValues>({ initialValues: initial });
  // 'Configure new event definition' from a value left its payload in this browser under the session id.
  const sessionId = definition === null ? searchParams.get("session-id") : null;
  useEffect(() => {
    const payload = sessionId === null ? null : takeFromValue(sessionId);
    if (payload) form.setValues(formValuesFromValue(payload));
    // Once per session id: the form is not a dependency (a new object each render).
  }, [sessionId]);
  const streams = useQuery(resourceQueryOptions("/streams", {}));
  const notifications = useQuery(allNotificationsQueryOptions());
  const values = form.values;

  const go = (next: number) => {
    const errors = next > step ? stepErrors(step, values) : {};
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setStep(Math.max(0, Math.min(WIZARD_STEPS.length - 1, next)));
  };

  const save = async () => {
    setSaving(true);
    setServerError(null);
    try {
      const body = definitionBody(values);
      if (definition) await updateDefinition(definition.id, body, values.scheduled);
      else await createDefinition(body, values.scheduled);
      toastSuccess(`Event definition "${body.title}" was ${definition ? "updated" : "created"}.`);
      await invalidateDefinitions(queryClient);
      navigate(paths.eventDefinitions.href());
    } catch (error) {
      setServerError(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const streamOptions = (streams.data?.streams ?? []).map((stream) => ({ value: stream.id, label: stream.title }));
  const notificationOptions = (notifications.data?.notifications ?? []).map((n) => ({ value: n.id, label: n.title }));
  const unitOptions = Object.keys(TIME_UNITS).map((unit) => ({ value: unit, label: unit }));

  return (
    <PageLayout title={definition ? `Edit event definition "${definition.title}"` : "New event definition"} topActions={<AlertsNavigation />}>
      <Paper withBorder p="md">
        <Stepper active={step} onStepClick={go} size="sm">
          <Stepper.Step label="Event Details">
            <Stack maw={640}>
              <TextInput label="Title" required {...form.getInputProps("title")} />
              <Textarea label="Description" {...form.getInputProps("description")} />
              <Select label="Priority" data={[...PRIORITIES]} {...form.getInputProps("priority")} allowDeselect={false} />
              <Switch label="Create alert" description="Events of this definition are alerts." {...form.getInputProps("alert", { type: "checkbox" })} />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Filter & Aggregation">
            <Stack maw={720}>
              <Select
                label="Condition Type"
                data={[
                  { value: "filter", label: "Filter has results" },
                  { value: "aggregation", label: "Aggregation of results reaches a threshold" },
                  { value: "silence", label: "Source went silent" },
                ]}
                allowDeselect={false}
                {...form.getInputProps("conditionType")}
              />
              <TextInput label="Search Query" placeholder="Search query or leave empty for all messages" {...form.getInputProps("query")} />
              <MultiSelect label="Streams" placeholder="Select streams the search should include" data={streamOptions} searchable {...form.getInputProps("streams")} />
              <Group align="flex-end">
                <NumberInput label="Search within the last" min={1} w={200} {...form.getInputProps("searchWithin")} />
                <Select data={unitOptions} w={120} allowDeselect={false} aria-label="Search within unit" {...form.getInputProps("searchWithinUnit")} />
                <NumberInput label="Execute search every" min={1} w={200} {...form.getInputProps("executeEvery")} />
                <Select data={unitOptions} w={120} allowDeselect={false} aria-label="Execute every unit" {...form.getInputProps("executeEveryUnit")} />
              </Group>
              {values.conditionType === "silence" && (
                <TextInput
                  label="Watched field"
                  description="An event is created once a value of this field (e.g. a source) that had messages has none for the whole 'Search within the last' period."
                  w={320}
                  {...form.getInputProps("silentField")}
                />
              )}
              {values.conditionType === "aggregation" && (
                <>
                  <TagsInput label="Group by Field(s)" placeholder="Add a field and press Enter" {...form.getInputProps("groupBy")} />
                  {values.aggregations.map((_aggregation, index) => (
                    <Group key={index} align="flex-end" data-testid="aggregation-condition">
                      <Select label="If" data={[...SERIES_FUNCTIONS]} w={120} allowDeselect={false} {...form.getInputProps(`aggregations.${index}.seriesFunction`)} />
                      <TextInput label="Field" placeholder="(count: any)" w={200} {...form.getInputProps(`aggregations.${index}.seriesField`)} />
                      <Select label="Is" data={[...COMPARISONS]} w={90} allowDeselect={false} {...form.getInputProps(`aggregations.${index}.operator`)} />
                      <NumberInput label="Threshold" w={140} {...form.getInputProps(`aggregations.${index}.threshold`)} />
                      {values.aggregations.length > 1 && (
                        <Button variant="subtle" color="red" onClick={() => form.removeListItem("aggregations", index)}>Remove</Button>
                      )}
                    </Group>
                  ))}
                  <Group>
                    <Button variant="default" onClick={() => form.insertListItem("aggregations", { ...NEW_AGGREGATION })}>Add Series</Button>
                    {values.aggregations.length > 1 && (
                      <SegmentedControl
                        aria-label="Create an event when"
                        data={[{ value: "&&", label: "all conditions are met" }, { value: "||", label: "any condition is met" }]}
                        {...form.getInputProps("combine")}
                      />
                    )}
                  </Group>
                </>
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Fields">
            <Stack maw={820}>
              <Text size="sm" c="dimmed">Custom fields are added to each event; templates read the messages, e.g. {"${source.src_ip}"}.</Text>
              {values.fields.map((_field, index) => (
                <Group key={index} align="flex-end">
                  <TextInput label="Name" w={200} {...form.getInputProps(`fields.${index}.name`)} />
                  <TextInput label="Template" w={320} {...form.getInputProps(`fields.${index}.template`)} />
                  <Checkbox label="Use as event key" {...form.getInputProps(`fields.${index}.isKey`, { type: "checkbox" })} />
                  <Button variant="subtle" color="red" onClick={() => form.removeListItem("fields", index)}>Remove</Button>
                </Group>
              ))}
              <Group>
                <Button variant="default" onClick={() => form.insertListItem("fields", { name: "", template: "", isKey: false })}>Add Custom Field</Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Notifications">
            <Stack maw={640}>
              <MultiSelect label="Notifications" placeholder="Select notifications" data={notificationOptions} searchable {...form.getInputProps("notificationIds")} />
              <NumberInput label="Grace Period (minutes)" min={0} description="Notifications of the same key are not sent again within this period." {...form.getInputProps("gracePeriodMinutes")} />
              <NumberInput label="Message Backlog" min={0} max={1000} description="Messages to include in the notification." {...form.getInputProps("backlogSize")} />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Summary">
            <Stack maw={820}>
              <Table withTableBorder>
                <Table.Tbody>
                  <Table.Tr><Table.Th>Title</Table.Th><Table.Td>{values.title}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Th>Description</Table.Th><Table.Td>{values.description || "No description given"}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Th>Priority</Table.Th><Table.Td>{PRIORITIES.find((p) => p.value === values.priority)?.label}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Th>Alert</Table.Th><Table.Td>{values.alert ? "Yes" : "No"}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Th>Condition</Table.Th><Table.Td>{conditionSummary(values)}</Table.Td></Table.Tr>
                  <Table.Tr><Table.Th>Fields</Table.Th><Table.Td>{values.fields.map((f) => f.name).join(", ") || "No custom fields"}</Table.Td></Table.Tr>
                  <Table.Tr>
                    <Table.Th>Notifications</Table.Th>
                    <Table.Td>{notificationOptions.filter((o) => values.notificationIds.includes(o.value)).map((o) => o.label).join(", ") || "No notifications"}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Switch label="Enable event definition after saving" {...form.getInputProps("scheduled", { type: "checkbox" })} />
              {serverError && <Alert color="red" title="Could not save the event definition">{serverError}</Alert>}
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between" mt="lg">
          <Button variant="default" onClick={() => navigate(paths.eventDefinitions.href())}>Cancel</Button>
          <Group>
            {step > 0 && <Button variant="default" onClick={() => go(step - 1)}>Previous</Button>}
            {step < WIZARD_STEPS.length - 1
              ? <Button onClick={() => go(step + 1)}>Next</Button>
              : <Button loading={saving} onClick={() => void save()}>{definition ? "Update event definition" : "Create event definition"}</Button>}
          </Group>
        </Group>
      </Paper>
    </PageLayout>
  );
}
