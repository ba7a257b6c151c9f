import { ActionIcon, Anchor, Badge, Button, Group, Text, Tooltip } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CacheType, DataAdapterType } from "../../../api/schemas/lookup-configs.ts";
import type { LookupCache, LookupDataAdapter, LookupTable } from "../../../api/schemas/lookup-tables.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityListTable } from "../../common/entity-list/EntityListTable.tsx";
import { useEntityList } from "../../common/entity-list/use-entity-list.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { CACHE_FORMS, DATA_ADAPTER_FORMS } from "./logic/adapter-form.ts";
import {
  deletedText,
  deleteQuestion,
  LOOKUP_COLUMNS,
  LOOKUP_LAYOUT_DEFAULTS,
  LOOKUP_PAGE_SIZES,
  LOOKUP_TABLE_IDS,
  LOOKUP_TEXTS,
  type LookupKind,
  type LookupPageParams,
} from "./logic/lookup-list.ts";
import { LookupNav } from "./LookupNav.tsx";
import {
  deleteAdapter,
  deleteCache,
  deleteTable,
  errorStatesQueryOptions,
  invalidateLookups,
  lookupAdapterPageQueryOptions,
  lookupCachePageQueryOptions,
  lookupTablePageQueryOptions,
} from "./lookup-queries.ts";

/** System → Lookup Tables (`/system/lookuptables`): the tables, each with its cache, data adapter and state. */
export function LookupTablesPage() {
  return <LookupList kind="tables" />;
}

/** `/system/lookuptables/caches`: the caches. */
export function LookupCachesPage() {
  return <LookupList kind="caches" />;
}

/** `/system/lookuptables/data_adapters`: the data adapters, each with its type and state. */
export function DataAdaptersPage() {
  return <LookupList kind="adapters" />;
}

type AnyEntity = LookupTable | LookupCache | LookupDataAdapter;

interface ListPage {
  entities: AnyEntity[];
  total: number;
  caches: Record<string, LookupCache>;
  adapters: Record<string, LookupDataAdapter>;
}

function useLookupPage(kind: LookupKind, params: LookupPageParams) {
  const tables = useQuery({ ...lookupTablePageQueryOptions(params), enabled: kind === "tables" });
  const caches = useQuery({ ...lookupCachePageQueryOptions(params), enabled: kind === "caches" });
  const adapters = useQuery({ ...lookupAdapterPageQueryOptions(params), enabled: kind === "adapters" });
  const page: ListPage | undefined = kind === "tables"
    ? tables.data && { entities: tables.data.lookup_tables, total: tables.data.total, caches: tables.data.caches, adapters: tables.data.data_adapters }
    : kind === "caches"
    ? caches.data && { entities: caches.data.caches, total: caches.data.total, caches: {}, adapters: {} }
    : adapters.data && { entities: adapters.data.data_adapters, total: adapters.data.total, caches: {}, adapters: {} };
  const pending = { tables, caches, adapters }[kind].isPending;
  return { page, pending };
}

const DETAIL_HREF: Record<LookupKind, (name: string) => string> = {
  tables: (tableName) => paths.lookupTable.href({ tableName }),
  caches: (cacheName) => paths.lookupCache.href({ cacheName }),
  adapters: (adapterName) => paths.lookupAdapter.href({ adapterName }),
};
const EDIT_HREF: Record<LookupKind, (name: string) => string> = {
  tables: (tableName) => paths.lookupTableEdit.href({ tableName }),
  caches: (cacheName) => paths.lookupCacheEdit.href({ cacheName }),
  adapters: (adapterName) => paths.lookupAdapterEdit.href({ adapterName }),
};
const CREATE_HREF: Record<LookupKind, () => string> = {
  tables: () => paths.lookupTableCreate.href(),
  caches: () => paths.lookupCacheCreate.href(),
  adapters: () => paths.lookupAdapterCreate.href(),
};
const DELETE: Record<LookupKind, (idOrName: string) => Promise<unknown>> = { tables: deleteTable, caches: deleteCache, adapters: deleteAdapter };

function LookupList({ kind }: { kind: LookupKind }) {
  const texts = LOOKUP_TEXTS[kind];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const lookups = useEntityList(LOOKUP_TABLE_IDS[kind], { defaults: LOOKUP_LAYOUT_DEFAULTS[kind], pageSizes: LOOKUP_PAGE_SIZES });
  const [toDelete, setToDelete] = useState<AnyEntity | null>(null);
  const [deleting, setDeleting] = useState(false);
  const list = useLookupPage(kind, lookups.params);
  const entities = list.page?.entities ?? [];
  const errorStates = useQuery({
    ...errorStatesQueryOptions(kind === "tables" ? entities.map((e) => e.name) : [], kind === "adapters" ? entities.map((e) => e.name) : []),
    enabled: kind !== "caches" && entities.length > 0,
  });
  const errorOf = (name: string): string | null =>
    (kind === "tables" ? errorStates.data?.tables[name] : kind === "adapters" ? errorStates.data?.data_adapters[name] : null) ?? null;

  const mayCreate = permissions.isPermitted("lookuptables:create");
  const mayEdit = permissions.isPermitted("lookuptables:edit");
  const mayDelete = permissions.isPermitted("lookuptables:delete");

  const confirmDelete = async (entity: AnyEntity) => {
    setDeleting(true);
    try {
      await DELETE[kind](entity.id);
      toastSuccess(deletedText(kind, entity.title));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidateLookups(queryClient);
    }
  };

  const typeTitle = (entity: AnyEntity): ReactNode => {
    if (!("config" in entity)) return null;
    const forms: Record<string, { title: string }> = kind === "caches" ? CACHE_FORMS : DATA_ADAPTER_FORMS;
    return forms[entity.config.type as CacheType | DataAdapterType]?.title ?? entity.config.type;
  };

  return (
    <PageLayout
      title={texts.plural}
      description={texts.description}
      topActions={<LookupNav active={kind} />}
      actions={mayCreate && (
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(CREATE_HREF[kind]())}>{texts.create}</Button>
      )}
    >
      <EntityListTable<AnyEntity>
        list={lookups}
        page={list.page && { entities, total: list.page.total }}
        loading={list.pending}
        searchPlaceholder={texts.search}
        label={texts.plural}
        rowTestId={`lookup-${kind}-row`}
        columnDefinitions={LOOKUP_COLUMNS[kind]}
        columnRenderers={{
          title: {
            renderCell: (value, entity) => {
              const error = errorOf(entity.name);
              return (
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={DETAIL_HREF[kind](entity.name)} fw={600} size="sm">{String(value)}</Anchor>
                  {error && (
                    <Tooltip label={error} multiline w={320}>
                      <Badge color="red" variant="light" size="sm">error</Badge>
                    </Tooltip>
                  )}
                </Group>
              );
            },
          },
          name: { renderCell: (value) => <Text size="sm" ff="monospace">{String(value)}</Text> },
          config: { renderCell: (_value, entity) => typeTitle(entity) },
          cache_id: {
            renderCell: (value) => {
              const cache = list.page?.caches[String(value)];
              return cache ? <Anchor component={Link} to={paths.lookupCache.href({ cacheName: cache.name })} size="sm">{cache.title}</Anchor> : String(value);
            },
          },
          data_adapter_id: {
            renderCell: (value) => {
              const adapter = list.page?.adapters[String(value)];
              return adapter
                ? <Anchor component={Link} to={paths.lookupAdapter.href({ adapterName: adapter.name })} size="sm">{adapter.title}</Anchor>
                : String(value);
            },
          },
        }}
        actionsColumnWidth={90}
        rowActions={(mayEdit || mayDelete)
          ? (entity) => (
            <>
              {mayEdit && (
                <ActionIcon variant="subtle" aria-label={`Edit ${entity.title}`} title="Edit" onClick={() => navigate(EDIT_HREF[kind](entity.name))}>
                  <IconEdit size={16} />
                </ActionIcon>
              )}
              {mayDelete && (
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${entity.title}`} title="Delete" onClick={() => setToDelete(entity)}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </>
          )
          : undefined}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={`Delete ${texts.singular}`}
        confirmText="Delete"
        confirmColor="red"
        submitting={deleting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteQuestion(kind, toDelete.title) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
