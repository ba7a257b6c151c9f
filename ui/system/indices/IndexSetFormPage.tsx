import { Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { IndexSet, IndexSetDefaults, RetentionKind, RotationKind } from "../../../api/schemas/index-sets.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { createIndexSet, indexSetDefaultsQueryOptions, indexSetQueryOptions, invalidateIndexSets, updateIndexSet } from "./index-set-queries.ts";
import {
  INDEX_SET_VALIDATION,
  indexSetBody,
  type IndexSetFormValues,
  RETENTION_LABELS,
  ROTATION_LABELS,
  valuesFromDefaults,
  valuesFromIndexSet,
} from "./logic/index-set-form.ts";

/** /system/index_sets/create: a new index set, starting from the index set defaults. */
export function IndexSetCreatePage() {
  const defaults = useQuery(indexSetDefaultsQueryOptions());
  const title = "Create Index Set";
  if (defaults.isError) return <PageLayout title={title}><Alert color="red">{failureMessage(defaults.error)}</Alert></PageLayout>;
  if (!defaults.data) return <PageLayout title={title}><Text c="dimmed">Loading…</Text></PageLayout>;
  return (
    <PageLayout title={title} description="Create a new index set that will let you configure the retention, sharding, and replication of messages coming from one or more streams.">
      <IndexSetForm initial={valuesFromDefaults(defaults.data as IndexSetDefaults)} existing={null} />
    </PageLayout>
  );
}

/** /system/index_sets/{id}/configuration: change an index set (not its prefix). */
export function IndexSetConfigurationPage() {
  const { indexSetId = "" } = useParams();
  const set = useQuery(indexSetQueryOptions(indexSetId));
  const title = "Configure Index Set";
  if (set.isError) return <PageLayout title={title}><Alert color="red">{failureMessage(set.error)}</Alert></PageLayout>;
  if (!set.data) return <PageLayout title={title}><Text c="dimmed">Loading…</Text></PageLayout>;
  return (
    <PageLayout title={title} description={`Modify the current configuration of index set "${set.data.title}": new rotation and retention settings apply from the next message.`}>
      <IndexSetForm initial={valuesFromIndexSet(set.data)} existing={set.data} />
    </PageLayout>
  );
}

interface FormProps {
  initial: IndexSetFormValues;
  existing: IndexSet | null;
}

function IndexSetForm({ initial, existing }: FormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<IndexSetFormValues>({ initialValues: initial, validate: INDEX_SET_VALIDATION });
  const { rotation, retention } = form.getValues();

  const submit = async (values: IndexSetFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const body = indexSetBody(values);
      const saved = existing
        ? await updateIndexSet(existing.id, { ...body, index_prefix: undefined, writable: existing.writable })
        : await createIndexSet(body);
      toastSuccess(existing ? `Index set "${saved.title}" was updated.` : `Index set "${saved.title}" was created.`);
      await invalidateIndexSets(queryClient);
      navigate(paths.indexSet.href({ indexSetId: saved.id }));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md" maw={820}>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <TextInput label="Title" description="Descriptive name of the index set." withAsterisk {...form.getInputProps("title")} />
            <Textarea label="Description" description="Add a description of this index set." autosize minRows={2} {...form.getInputProps("description")} />
            <TextInput
              label="Index prefix"
              description="A unique prefix used in the indices belonging to this index set. The prefix must start with a letter or number, and can only contain letters, numbers, '_', '-' and '+'."
              withAsterisk
              disabled={existing !== null}
              {...form.getInputProps("indexPrefix")}
            />
            <NumberInput
              label="Field type refresh interval (seconds)"
              description="How often the field type information for the active write index will be updated."
              min={1}
              {...form.getInputProps("fieldTypeRefreshSeconds")}
            />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">Index Rotation Configuration</Title>
          <Text size="sm" c="dimmed" mb="sm">
            Messages are written to the index set's write index until the rotation strategy starts a new one.
          </Text>
          <Stack gap="sm">
            <Select
              label="Select rotation strategy"
              data={(Object.keys(ROTATION_LABELS) as RotationKind[]).map((kind) => ({ value: kind, label: ROTATION_LABELS[kind] }))}
              allowDeselect={false}
              {...form.getInputProps("rotation")}
            />
            {rotation === "count" && (
              <NumberInput label="Max documents per index" description="Maximum number of documents in an index before it gets rotated." min={1} thousandSeparator="," {...form.getInputProps("maxDocsPerIndex")} />
            )}
            {rotation === "size" && (
              <NumberInput label="Max size per index (in bytes)" description="Maximum size of an index before it gets rotated." min={1} thousandSeparator="," {...form.getInputProps("maxSizeBytes")} />
            )}
            {rotation === "time" && (
              <TextInput label="Rotation period (ISO8601 Duration)" description="How long an index gets written to before it is rotated, e.g. P1D for one day or PT6H for six hours." {...form.getInputProps("rotationPeriod")} />
            )}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">Index Retention Configuration</Title>
          <Text size="sm" c="dimmed" mb="sm">What happens to the oldest indices once there are more than the maximum.</Text>
          <Stack gap="sm">
            <Select
              label="Select retention strategy"
              data={(Object.keys(RETENTION_LABELS) as RetentionKind[]).map((kind) => ({ value: kind, label: RETENTION_LABELS[kind] }))}
              allowDeselect={false}
              {...form.getInputProps("retention")}
            />
            {retention !== "none" && (
              <NumberInput label="Max number of indices" description="Maximum number of indices to keep before the retention strategy applies." min={1} {...form.getInputProps("maxNumberOfIndices")} />
            )}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">Shards and optimization</Title>
          <Text size="sm" c="dimmed" mb="sm">Kept for compatibility with Graylog: this server stores every index as a whole on one node.</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label="Index shards" min={1} {...form.getInputProps("shards")} />
            <NumberInput label="Index replicas" min={0} {...form.getInputProps("replicas")} />
            <NumberInput label="Max. number of segments" min={1} {...form.getInputProps("maxNumSegments")} />
          </SimpleGrid>
          <Checkbox mt="sm" label="Disable index optimization after rotation" {...form.getInputProps("optimizationDisabled", { type: "checkbox" })} />
        </Card>
        {failure && <Alert color="red" title="The index set was not saved">{failure}</Alert>}
        <Group>
          <Button type="submit" loading={saving}>{existing ? "Update index set" : "Create index set"}</Button>
          <Button variant="default" component={Link} to={existing ? paths.indexSet.href({ indexSetId: existing.id }) : paths.indices.href()}>Cancel</Button>
        </Group>
      </Stack>
    </form>
  );
}
