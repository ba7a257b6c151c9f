import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { DataAdapterType } from "../../../api/schemas/lookup-configs.ts";
import type { LookupDataAdapter, LookupDataAdapterBody } from "../../../api/schemas/lookup-tables.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { ConfigFields } from "./ConfigFields.tsx";
import { type ConfigValues, configProblems, DATA_ADAPTER_FORMS, firstErrors, nameFromTitle } from "./logic/adapter-form.ts";
import { createdText, updatedText } from "./logic/lookup-list.ts";
import { LookupNav } from "./LookupNav.tsx";
import {
  adapterTypesQueryOptions,
  createAdapter,
  invalidateLookups,
  lookupAdapterQueryOptions,
  updateAdapter,
  validateAdapter,
} from "./lookup-queries.ts";

interface AdapterValues {
  title: string;
  description: string;
  name: string;
  config: ConfigValues;
}

/** `/system/lookuptables/data_adapters/create`: pick a type, then its form. */
export function DataAdapterCreatePage() {
  const types = useQuery(adapterTypesQueryOptions());
  const [type, setType] = useState<DataAdapterType | null>(null);
  const options = (Object.keys(DATA_ADAPTER_FORMS) as DataAdapterType[]).map((value) => ({ value, label: DATA_ADAPTER_FORMS[value].title }));
  const defaults = type ? types.data?.[type]?.default_config : undefined;
  return (
    <PageLayout title="Create data adapter" description="Data adapters provide the values of lookup tables." topActions={<LookupNav active="adapters" />}>
      <Card withBorder maw={720}>
        <Select label="Data Adapter Type" placeholder="Select Data Adapter Type" data={options} value={type} onChange={(value) => setType(value as DataAdapterType | null)} />
      </Card>
      {type && defaults && (
        <AdapterForm key={type} existing={null} initial={{ title: "", description: "", name: "", config: { ...defaults, type } }} />
      )}
    </PageLayout>
  );
}

/** `/system/lookuptables/data_adapter/{name}/edit`. */
export function DataAdapterEditPage() {
  const { adapterName = "" } = useParams();
  const adapter = useQuery(lookupAdapterQueryOptions(adapterName));
  const title = "Edit data adapter";
  return (
    <PageLayout title={title} topActions={<LookupNav active="adapters" />}>
      {adapter.isError && <Alert color="red">{failureMessage(adapter.error)}</Alert>}
      {adapter.data && (
        <AdapterForm
          existing={adapter.data}
          initial={{ title: adapter.data.title, description: adapter.data.description, name: adapter.data.name, config: { ...adapter.data.config } }}
        />
      )}
    </PageLayout>
  );
}

function AdapterForm({ existing, initial }: { existing: LookupDataAdapter | null; initial: AdapterValues }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const type = initial.config.type as DataAdapterType;
  const definition = DATA_ADAPTER_FORMS[type];
  const form = useForm<AdapterValues>({
    initialValues: initial,
    validate: (values) => ({
      ...(values.title.trim() === "" ? { title: "Field is required." } : {}),
      ...(values.name.trim() === "" ? { name: "Field is required." } : {}),
      ...Object.fromEntries(Object.entries(configProblems(definition, values.config)).map(([key, message]) => [`config.${key}`, message])),
    }),
  });

  const submit = async (values: AdapterValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const body = { ...values, id: existing?.id, config: { ...values.config, type } } as LookupDataAdapterBody;
      const checked = await validateAdapter(body);
      if (checked.failed) {
        const errors = firstErrors(checked.errors);
        form.setErrors(Object.fromEntries(Object.entries(errors).map(([field, message]) => [["title", "name", "description"].includes(field) ? field : `config.${field}`, message])));
        return;
      }
      const saved = existing ? await updateAdapter(existing.id, body) : await createAdapter(body);
      toastSuccess(existing ? updatedText("adapters", saved.title) : createdText("adapters", saved.title));
      await invalidateLookups(queryClient);
      navigate(paths.lookupAdapter.href({ adapterName: saved.name }));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder maw={720}>
      <form onSubmit={form.onSubmit(submit)} aria-label="Data adapter">
        <Stack gap="sm">
          <Text fw={600}>{definition.title}</Text>
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
          <TextInput label="Name" withAsterisk description="The name that rules and decorators use; letters, digits, - and _." {...form.getInputProps("name")} />
          <ConfigFields form={form} definition={definition} />
          {failure && <Alert color="red">{failure}</Alert>}
          <Group>
            <Button type="submit" loading={saving}>{existing ? "Update adapter" : "Create adapter"}</Button>
            <Button variant="default" component={Link} to={paths.lookupAdapters.href()}>Cancel</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
