import { ActionIcon, Anchor, Badge, Box, Button, Group, Text, Tooltip } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { AuthServiceBackend } from "../../../api/schemas/authentication.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { FILTER_MATCHES_NOTHING } from "../../common/empty-states.ts";
import { EntityTable } from "../../common/entity-table/EntityTable.tsx";
import { SearchBox } from "../../common/paginated-list/SearchBox.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { AuthenticationNavigation } from "./AuthenticationNavigation.tsx";
import {
  backendPageQueryOptions,
  deleteBackend,
  invalidateAuthentication,
  setActiveBackend,
} from "./authentication-queries.ts";
import {
  activateQuestion,
  ACTIVE_BACKEND_HINT,
  ACTIVE_CANNOT_BE_DELETED,
  deactivateQuestion,
  deleteQuestion,
} from "./logic/backend-list.ts";
import { backendTypeTitle } from "./logic/backend-types.ts";

const COLUMNS = [
  { id: "title", title: "Title", type: "STRING" as const },
  { id: "description", title: "Description", type: "STRING" as const },
  { id: "type", title: "Type", type: "STRING" as const },
];
const PAGE_SIZES = [10, 20, 50, 100];
const NO_SERVICES =
  "No authentication services have been configured yet: users sign in with the accounts of Users Overview.";

type Change = { kind: "activate" | "deactivate" | "delete"; backend: AuthServiceBackend };

/** System → Authentication → Services (spec 002 §2): the directory backends, the active one, activate, deactivate, delete. */
export function AuthenticationServicesPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(50);
  const [change, setChange] = useState<Change | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const list = useQuery(backendPageQueryOptions({ query, page, perPage }));
  const activeId = list.data?.context.active_backend?.id ?? null;
  const mayActivate = permissions.isPermitted("authserviceglobalconfig:edit");

  const confirm = async ({ kind, backend }: Change) => {
    setSubmitting(true);
    try {
      if (kind === "delete") await deleteBackend(backend.id);
      else await setActiveBackend(kind === "activate" ? backend.id : null);
      toastSuccess(
        `Authentication service "${backend.title}" was ${kind === "delete" ? "deleted" : `${kind}d`}.`,
      );
    } catch (error) {
      toastError(error, `Could not ${kind} the authentication service`);
    } finally {
      setSubmitting(false);
      setChange(null);
      await invalidateAuthentication(queryClient);
    }
  };

  return (
    <PageLayout
      title="Authentication Services"
      description={ACTIVE_BACKEND_HINT}
      topActions={<AuthenticationNavigation />}
      actions={permissions.isPermitted("authservicebackend:create") && (
        <Button component={Link} to={paths.authenticationCreate.href()} leftSection={<IconPlus size={16} />}>
          Create service
        </Button>
      )}
    >
      <Text size="sm">
        Active service: {list.data?.context.active_backend
          ? (
            <Anchor component={Link} to={paths.authenticationActive.href()} fw={600}>
              {list.data.context.active_backend.title}
            </Anchor>
          )
          : <Text span fw={600}>none</Text>}
      </Text>
      <EntityTable<AuthServiceBackend>
        label="Authentication services"
        rowTestId="backend-row"
        entities={list.data?.backends ?? []}
        columnDefinitions={COLUMNS}
        visibleColumns={COLUMNS.map((column) => column.id)}
        loading={list.isPending}
        emptyText={query.trim() === "" ? NO_SERVICES : FILTER_MATCHES_NOTHING}
        toolbar={
          <Box w={360}>
            <SearchBox
              placeholder="Search services by title or description"
              onSearch={(next) => {
                setQuery(next);
                setPage(1);
              }}
            />
          </Box>
        }
        columnRenderers={{
          title: {
            renderCell: (value, backend) => (
              <Group gap={6} wrap="nowrap">
                <Anchor
                  component={Link}
                  to={paths.authenticationService.href({ backendId: backend.id })}
                  fw={600}
                  size="sm"
                >
                  {String(value)}
                </Anchor>
                {backend.id === activeId && <Badge size="xs" color="green" variant="light">active</Badge>}
              </Group>
            ),
          },
          type: {
            renderCell: (_, backend) => <Text size="sm">{backendTypeTitle(backend.config.type)}</Text>,
          },
        }}
        actionsColumnWidth={190}
        rowActions={(backend) => {
          const active = backend.id === activeId;
          return (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {mayActivate && (
                <Button
                  size="compact-xs"
                  variant={active ? "default" : "light"}
                  onClick={() => setChange({ kind: active ? "deactivate" : "activate", backend })}
                >
                  {active ? "Deactivate" : "Activate"}
                </Button>
              )}
              {permissions.isPermitted(`authservicebackend:edit:${backend.id}`) && (
                <ActionIcon
                  variant="subtle"
                  component={Link}
                  to={paths.authenticationEdit.href({ backendId: backend.id })}
                  aria-label={`Edit ${backend.title}`}
                  title="Edit"
                >
                  <IconPencil size={16} />
                </ActionIcon>
              )}
              {permissions.isPermitted(`authservicebackend:delete:${backend.id}`) && (
                <Tooltip label={active ? ACTIVE_CANNOT_BE_DELETED : "Delete"}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={active}
                    aria-label={`Delete ${backend.title}`}
                    onClick={() =>
                      setChange({ kind: "delete", backend })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          );
        }}
        pagination={{
          page,
          perPage,
          total: list.data?.total ?? 0,
          pageSizes: PAGE_SIZES,
          onChange: (nextPage, size) => {
            setPage(nextPage);
            setPerPage(size);
          },
        }}
      />
      <ConfirmDialog
        opened={change !== null}
        title={change
          ? `${change.kind[0]!.toUpperCase()}${change.kind.slice(1)} authentication service`
          : undefined}
        confirmText={change ? `${change.kind[0]!.toUpperCase()}${change.kind.slice(1)}` : "Confirm"}
        confirmColor={change?.kind === "delete" ? "red" : undefined}
        submitting={submitting}
        onConfirm={() => change && void confirm(change)}
        onCancel={() => setChange(null)}
      >
        {change
          ? { activate: activateQuestion, deactivate: deactivateQuestion, delete: deleteQuestion }
            [change.kind](change.backend.title)
          : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
