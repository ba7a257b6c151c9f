import { Alert, Anchor, Button, Card, Code, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import type { CacheType, DataAdapterType } from "../../../api/schemas/lookup-configs.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { CACHE_FORMS, type ConfigTypeForm, DATA_ADAPTER_FORMS } from "./logic/adapter-form.ts";
import { LookupNav } from "./LookupNav.tsx";
import {
  errorStatesQueryOptions,
  invalidateLookups,
  lookupAdapterQueryOptions,
  lookupCacheQueryOptions,
  lookupTableQueryOptions,
  purgeTable,
  queryAdapter,
  queryTable,
} from "./lookup-queries.ts";
import { LookupTestForm } from "./LookupTestForm.tsx";

/** `/system/lookuptables/table/{name}`: the table, its cache and adapter, its state, a test lookup and cache purges. */
export function LookupTablePage() {
  const { tableName = "" } = useParams();
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("lookuptables:edit");
  const answer = useQuery(lookupTableQueryOptions(tableName));
  const table = answer.data?.lookup_tables[0];
  const cache = table ? answer.data?.caches[table.cache_id] : undefined;
  const adapter = table ? answer.data?.data_adapters[table.data_adapter_id] : undefined;
  const state = useQuery({ ...errorStatesQueryOptions(table ? [table.name] : [], adapter ? [adapter.name] : []), enabled: table !== undefined });
  const error = table ? (state.data?.tables[table.name] ?? (adapter ? state.data?.data_adapters[adapter.name] : null)) : null;
  const [purgeKey, setPurgeKey] = useState("");

  const purge = async (key: string | null) => {
    if (!table) return;
    try {
      await purgeTable(table.id, key);
      toastSuccess(key === null ? `Purged every key of the cache of "${table.title}".` : `Purged the key "${key}" from the cache of "${table.title}".`);
      await invalidateLookups(queryClient);
    } catch (failure) {
      toastError(failure);
    }
  };

  return (
    <PageLayout
      title={table ? `Lookup Table: ${table.title}` : "Lookup table"}
      description={table?.description}
      topActions={<LookupNav active="tables" />}
      actions={table && mayEdit && (
        <Button leftSection={<IconEdit size={16} />} component={Link} to={paths.lookupTableEdit.href({ tableName: table.name })}>Edit</Button>
      )}
    >
      {answer.isError && <Alert color="red">{failureMessage(answer.error)}</Alert>}
      {error && <Alert color="red" title="This lookup table cannot answer">{error}</Alert>}
      {table && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} size="h4">Configuration</Title>
              <Facts
                rows={[
                  ["Name", <Code key="name">{table.name}</Code>],
                  ["Data adapter", adapter ? <Anchor component={Link} to={paths.lookupAdapter.href({ adapterName: adapter.name })}>{adapter.title}</Anchor> : table.data_adapter_id],
                  ["Cache", cache ? <Anchor component={Link} to={paths.lookupCache.href({ cacheName: cache.name })}>{cache.title}</Anchor> : table.cache_id],
                  ["Default single value", `${table.default_single_value} (${table.default_single_value_type})`],
                  ["Default multi value", `${table.default_multi_value} (${table.default_multi_value_type})`],
                ]}
              />
              {mayEdit && (
                <>
                  <Title order={3} size="h5" mt="sm">Purge cache</Title>
                  <Group align="flex-end">
                    <TextInput label="Key" value={purgeKey} onChange={(event) => setPurgeKey(event.currentTarget.value)} w={240} />
                    <Button variant="default" disabled={purgeKey === ""} onClick={() => void purge(purgeKey)}>Purge key</Button>
                    <Button variant="default" color="red" onClick={() => void purge(null)}>Purge all</Button>
                  </Group>
                </>
              )}
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} size="h4">Test lookup</Title>
              <Text size="sm" c="dimmed">Look a key up through the table's cache; an unknown key answers the default values.</Text>
              <LookupTestForm label="Test lookup" lookup={(key) => queryTable(table.id, key)} />
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </PageLayout>
  );
}

/** `/system/lookuptables/caches/{name}`: the cache's type and configuration. */
export function LookupCachePage() {
  const { cacheName = "" } = useParams();
  const mayEdit = usePermissions().isPermitted("lookuptables:edit");
  const cache = useQuery(lookupCacheQueryOptions(cacheName));
  return (
    <PageLayout
      title={cache.data ? `Cache: ${cache.data.title}` : "Cache"}
      description={cache.data?.description}
      topActions={<LookupNav active="caches" />}
      actions={cache.data && mayEdit && (
        <Button leftSection={<IconEdit size={16} />} component={Link} to={paths.lookupCacheEdit.href({ cacheName: cache.data.name })}>Edit</Button>
      )}
    >
      {cache.isError && <Alert color="red">{failureMessage(cache.error)}</Alert>}
      {cache.data && (
        <Card withBorder maw={720}>
          <ConfigFacts name={cache.data.name} definition={CACHE_FORMS[cache.data.config.type as CacheType]} config={cache.data.config} />
        </Card>
      )}
    </PageLayout>
  );
}

/** `/system/lookuptables/data_adapter/{name}`: the adapter's type, configuration, state and a test lookup. */
export function DataAdapterPage() {
  const { adapterName = "" } = useParams();
  const mayEdit = usePermissions().isPermitted("lookuptables:edit");
  const adapter = useQuery(lookupAdapterQueryOptions(adapterName));
  const state = useQuery({ ...errorStatesQueryOptions([], adapter.data ? [adapter.data.name] : []), enabled: adapter.data !== undefined });
  const error = adapter.data ? state.data?.data_adapters[adapter.data.name] : null;
  return (
    <PageLayout
      title={adapter.data ? `Data Adapter: ${adapter.data.title}` : "Data adapter"}
      description={adapter.data?.description}
      topActions={<LookupNav active="adapters" />}
      actions={adapter.data && mayEdit && (
        <Button leftSection={<IconEdit size={16} />} component={Link} to={paths.lookupAdapterEdit.href({ adapterName: adapter.data.name })}>Edit</Button>
      )}
    >
      {adapter.isError && <Alert color="red">{failureMessage(adapter.error)}</Alert>}
      {error && <Alert color="red" title="This data adapter cannot answer">{error}</Alert>}
      {adapter.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <ConfigFacts name={adapter.data.name} definition={DATA_ADAPTER_FORMS[adapter.data.config.type as DataAdapterType]} config={adapter.data.config} />
          </Card>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} size="h4">Test lookup</Title>
              <Text size="sm" c="dimmed">Look a key up in the data adapter directly, without a cache.</Text>
              <LookupTestForm label="Test data adapter" lookup={(key) => queryAdapter(adapter.data!.id, key)} />
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </PageLayout>
  );
}

function ConfigFacts({ name, definition, config }: { name: string; definition: ConfigTypeForm; config: Record<string, unknown> }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">Configuration</Title>
      {definition.notice && <Alert color={definition.notice.color}>{definition.notice.text}</Alert>}
      <Facts
        rows={[
          ["Name", <Code key="name">{name}</Code>],
          ["Type", definition.title],
          ...definition.fields.map((field): [string, ReactNode] => [field.label, shown(config[field.key])]),
        ]}
      />
    </Stack>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={220}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? JSON.stringify(value).slice(1, -1) : String(value);
}
