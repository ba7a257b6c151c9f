import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { CacheType } from "../../../api/schemas/lookup-configs.ts";
import type { LookupCache, LookupCacheBody } from "../../../api/schemas/lookup-tables.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { ConfigFields } from "./ConfigFields.tsx";
import { CACHE_FORMS, type ConfigValues, configProblems, firstErrors, nameFromTitle } from "./logic/adapter-form.ts";
import { createdText, updatedText } from "./logic/lookup-list.ts";
import { LookupNav } from "./LookupNav.tsx";
import { cacheTypesQueryOptions, createCache, invalidateLookups, lookupCacheQueryOptions, updateCache, validateCache } from "./lookup-queries.ts";

interface CacheValues {
  title: string;
  description: string;
  name: string;
  config: ConfigValues;
}

/** `/system/lookuptables/caches/create`: pick a type, then its form. */
export function CacheCreatePage() {
  const types = useQuery(cacheTypesQueryOptions());
  const [type, setType] = useState<CacheType | null>(null);
  const options = (Object.keys(CACHE_FORMS) as CacheType[]).map((value) => ({ value, label: CACHE_FORMS[value].title }));
  const defaults = type ? types.data?.[type]?.default_config : undefined;
  return (
    <PageLayout title="Create cache" description="Caches keep the values of lookup tables near." topActions={<LookupNav active="caches" />}>
      <Card withBorder maw={720}>
        <Select label="Cache Type" placeholder="Select Cache Type" data={options} value={type} onChange={(value) => setType(value as CacheType | null)} />
      </Card>
      {type && defaults && <CacheForm key={type} existing={null} initial={{ title: "", description: "", name: "", config: { ...defaults, type } }} />}
    </PageLayout>
  );
}

/** `/system/lookuptables/caches/{name}/edit`. */
export function CacheEditPage() {
  const { cacheName = "" } = useParams();
  const cache = useQuery(lookupCacheQueryOptions(cacheName));
  return (
    <PageLayout title="Edit cache" topActions={<LookupNav active="caches" />}>
      {cache.isError && <Alert color="red">{failureMessage(cache.error)}</Alert>}
      {cache.data && (
        <CacheForm existing={cache.data} initial={{ title: cache.data.title, description: cache.data.description, name: cache.data.name, config: { ...cache.data.config } }} />
      )}
    </PageLayout>
  );
}

function CacheForm({ existing, initial }: { existing: LookupCache | null; initial: CacheValues }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const type = initial.config.type as CacheType;
  const definition = CACHE_FORMS[type];
  const form = useForm<CacheValues>({
    initialValues: initial,
    validate: (values) => ({
      ...(values.title.trim() === "" ? { title: "Field is required." } : {}),
      ...(values.name.trim() === "" ? { name: "Field is required." } : {}),
      ...Object.fromEntries(Object.entries(configProblems(definition, values.config)).map(([key, message]) => [`config.${key}`, message])),
    }),
  });

  const submit = async (values: CacheValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const body = { ...values, id: existing?.id, config: { ...values.config, type } } as LookupCacheBody;
      const checked = await validateCache(body);
      if (checked.failed) {
        const errors = firstErrors(checked.errors);
        form.setErrors(Object.fromEntries(Object.entries(errors).map(([field, message]) => [["title", "name", "description"].includes(field) ? field : `config.${field}`, message])));
        return;
      }
      const saved = existing ? await updateCache(existing.id, body) : await createCache(body);
      toastSuccess(existing ? updatedText("caches", saved.title) : createdText("caches", saved.title));
      await invalidateLookups(queryClient);
      navigate(paths.lookupCache.href({ cacheName: saved.name }));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder maw={720}>
      <form onSubmit={form.onSubmit(submit)} aria-label="Cache">
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
          <TextInput label="Name" withAsterisk description="Letters, digits, - and _." {...form.getInputProps("name")} />
          <ConfigFields form={form} definition={definition} />
          {failure && <Alert color="red">{failure}</Alert>}
          <Group>
            <Button type="submit" loading={saving}>{existing ? "Update cache" : "Create cache"}</Button>
            <Button variant="default" component={Link} to={paths.lookupCaches.href()}>Cancel</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
