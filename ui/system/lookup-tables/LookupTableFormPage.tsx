import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { DEFAULT_VALUE_TYPES, type LookupTable, type LookupTableBody } from "../../../api/schemas/lookup-tables.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { firstErrors, nameFromTitle } from "./logic/adapter-form.ts";
import { createdText, updatedText } from "./logic/lookup-list.ts";
import { LookupNav } from "./LookupNav.tsx";
import {
  allAdaptersQueryOptions,
  allCachesQueryOptions,
  createTable,
  invalidateLookups,
  lookupTableQueryOptions,
  updateTable,
  validateTable,
} from "./lookup-queries.ts";

type TableValues = Omit<LookupTableBody, "id" | "_scope" | "content_pack">;

const EMPTY: TableValues = {
  title: "",
  description: "",
  name: "",
  cache_id: "",
  data_adapter_id: "",
  default_single_value: "",
  default_single_value_type: "NULL",
  default_multi_value: "",
  default_multi_value_type: "NULL",
};

/** `/system/lookuptables/create`. */
export function LookupTableCreatePage() {
  return (
    <PageLayout title="Create lookup table" description="A lookup table joins a data adapter with a cache under a name." topActions={<LookupNav active="tables" />}>
      <TableForm existing={null} initial={EMPTY} />
    </PageLayout>
  );
}

/** `/system/lookuptables/table/{name}/edit`. */
export function LookupTableEditPage() {
  const { tableName = "" } = useParams();
  const table = useQuery(lookupTableQueryOptions(tableName));
  const existing = table.data?.lookup_tables[0];
  return (
    <PageLayout title="Edit lookup table" topActions={<LookupNav active="tables" />}>
      {table.isError && <Alert color="red">{failureMessage(table.error)}</Alert>}
      {existing && <TableForm existing={existing} initial={{ ...EMPTY, ...pickValues(existing) }} />}
    </PageLayout>
  );
}

function pickValues(table: LookupTable): TableValues {
  const { id: _id, _scope, content_pack: _pack, ...values } = table;
  return values;
}

function TableForm({ existing, initial }: { existing: LookupTable | null; initial: TableValues }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const caches = useQuery(allCachesQueryOptions());
  const adapters = useQuery(allAdaptersQueryOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<TableValues>({
    initialValues: initial,
    validate: {
      title: (value) => value.trim() === "" ? "Field is required." : null,
      name: (value) => value.trim() === "" ? "Field is required." : null,
      cache_id: (value) => value === "" ? "Field is required." : null,
      data_adapter_id: (value) => value === "" ? "Field is required." : null,
    },
  });
  const typeOptions = [...DEFAULT_VALUE_TYPES];

  const submit = async (values: TableValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const body: LookupTableBody = { ...values, id: existing?.id };
      const checked = await validateTable(body);
      if (checked.failed) {
        form.setErrors(firstErrors(checked.errors));
        return;
      }
      const saved = existing ? await updateTable(existing.id, body) : await createTable(body);
      toastSuccess(existing ? updatedText("tables", saved.title) : createdText("tables", saved.title));
      await invalidateLookups(queryClient);
      navigate(paths.lookupTable.href({ tableName: saved.name }));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder maw={720}>
      <form onSubmit={form.onSubmit(submit)} aria-label="Lookup table">
        <Stack gap="sm">
          <TextInput
            label="Title"
            withAsterisk
            {...form.getInputProps("title")}
            onChange={(event) => {
              const title = event.currentTarget.value;
              const before = form.getValues();
              // The name follows the title until the user writes a name of their own.
              if (!existing && before.name === nameFromTitle(before.title)) form.setFieldValue("name", nameFromTitle(title));
              form.setFieldValue("title", title);
            }}
          />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
          <TextInput label="Name" withAsterisk description="The name that rules, extractors and decorators use; letters, digits, - and _." {...form.getInputProps("name")} />
          <SimpleGrid cols={2}>
            <TextInput label="Default single value" description="Answered when the key is not found." {...form.getInputProps("default_single_value")} />
            <Select label="Default single value type" data={typeOptions} allowDeselect={false} {...form.getInputProps("default_single_value_type")} />
            <TextInput label="Default multi value" description="A JSON object when the type is OBJECT." {...form.getInputProps("default_multi_value")} />
            <Select label="Default multi value type" data={typeOptions} allowDeselect={false} {...form.getInputProps("default_multi_value_type")} />
          </SimpleGrid>
          <Select
            label="Data Adapter"
            placeholder="Select an existing data adapter"
            withAsterisk
            searchable
            data={(adapters.data?.data_adapters ?? []).map((adapter) => ({ value: adapter.id, label: adapter.title }))}
            {...form.getInputProps("data_adapter_id")}
          />
          <Select
            label="Cache"
            placeholder="Select an existing cache"
            withAsterisk
            searchable
            data={(caches.data?.caches ?? []).map((cache) => ({ value: cache.id, label: cache.title }))}
            {...form.getInputProps("cache_id")}
          />
          {failure && <Alert color="red">{failure}</Alert>}
          <Group>
            <Button type="submit" loading={saving}>{existing ? "Update lookup table" : "Create lookup table"}</Button>
            <Button variant="default" component={Link} to={paths.lookupTables.href()}>Cancel</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
