import { ActionIcon, Anchor, Badge, Button, Menu, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  IconBell,
  IconCopy,
  IconDots,
  IconEdit,
  IconListDetails,
  IconLogout2,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconShare,
  IconStar,
  IconStarFilled,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Stream } from "../../api/schemas/streams.ts";
import { createGrn } from "../../shared/grn.ts";
import { paths } from "../../shared/paths.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityListTable } from "../common/entity-list/EntityListTable.tsx";
import { useEntityList } from "../common/entity-list/use-entity-list.ts";
import { toastError, toastSuccess } from "../common/toast.ts";
import { usePermissions } from "../session/current-user.tsx";
import { ShareDialog } from "../sharing/ShareDialog.tsx";
import { entityOwnPermission } from "../../shared/permissions.ts";
import { PageLayout } from "../shell/PageLayout.tsx";
import { streamAlertsHref } from "../alerts/stream-alerts-link.ts";
import {
  bulkDeleteQuestion,
  bulkOutcomeText,
  clonedText,
  createdText,
  deletedText,
  deleteQuestion,
  indexSetOptions,
  pausedText,
  resumedText,
  rulesText,
  STREAM_COLUMNS,
  STREAM_LAYOUT_DEFAULTS,
  STREAM_PAGE_SIZES,
  type StreamFormValues,
  STREAMS_TABLE_ID,
  statusText,
  updatedText,
} from "./logic/stream-list.ts";
import { StreamFormModal, type StreamFormMode } from "./StreamFormModal.tsx";
import {
  allStreamsQueryOptions,
  type BulkStreamAction,
  bulkStreams,
  cloneStream,
  createStream,
  deleteStream,
  favoritesQueryOptions,
  indexSetsQueryOptions,
  invalidateStreams,
  pauseStream,
  resumeStream,
  setStreamFavorite,
  streamPageQueryOptions,
  updateStream,
} from "./stream-queries.ts";

const BULK_VERBS: Record<BulkStreamAction, string> = { delete: "deleted", pause: "paused", resume: "started" };

/**
 * /streams (spec 002 §7): the streams on the shared entity table with search, paging and the user's layout;
 * create, edit, clone, delete, pause and resume, one by one or in bulk; favorites; the rules editor a click away.
 */
export function StreamsPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const list = useEntityList(STREAMS_TABLE_ID, { defaults: STREAM_LAYOUT_DEFAULTS, pageSizes: STREAM_PAGE_SIZES });
  const [form, setForm] = useState<StreamFormMode | null>(null);
  const [sharing, setSharing] = useState<Stream | null>(null);
  const [toDelete, setToDelete] = useState<Stream | null>(null);
  const [bulkDelete, setBulkDelete] = useState<string[] | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const streams = useQuery(streamPageQueryOptions(list.params));
  const all = useQuery(allStreamsQueryOptions());
  const favorites = useQuery(favoritesQueryOptions());
  const favoriteGrns = new Set((favorites.data?.favorites ?? []).map((favorite) => favorite.grn));
  const defaultStream = all.data?.streams.find((stream) => stream.is_default);
  const indexSets = useQuery({ ...indexSetsQueryOptions(), enabled: permissions.isPermitted("indices:read") });
  const indexSetChoices = indexSetOptions(indexSets.data?.index_sets ?? [], all.data?.streams ?? []);
  const indexSetTitle = (id: string) => indexSetChoices.find((choice) => choice.value === id)?.label ?? id;

  const mayCreate = permissions.isPermitted("streams:create");
  const mayEdit = (stream: Stream) => !stream.is_default && permissions.isPermitted(`streams:edit:${stream.id}`);
  const mayChangeState = (stream: Stream) => !stream.is_default && permissions.isPermitted(`streams:changestate:${stream.id}`);

  const refresh = () => invalidateStreams(queryClient);

  const save = async (values: StreamFormValues) => {
    const body = {
      title: values.title,
      description: values.description,
      index_set_id: values.indexSetId,
      remove_matches_from_default_stream: values.removeMatchesFromDefaultStream,
    };
    if (form?.kind === "edit") {
      await updateStream(form.stream.id, body);
      toastSuccess(updatedText(values.title));
    } else if (form?.kind === "clone") {
      await cloneStream(form.stream.id, body);
      toastSuccess(clonedText(values.title));
    } else {
      await createStream(body);
      toastSuccess(createdText(values.title));
    }
    setForm(null);
    await refresh();
  };

  const act = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toastSuccess(success);
    } catch (error) {
      toastError(error);
    } finally {
      await refresh();
    }
  };

  const toggleState = (stream: Stream) =>
    stream.disabled
      ? act(() => resumeStream(stream.id), resumedText(stream.title))
      : act(() => pauseStream(stream.id), pausedText(stream.title));

  const toggleFavorite = (stream: Stream) =>
    act(() => setStreamFavorite(stream.id, !favoriteGrns.has(createGrn("stream", stream.id))), favoriteGrns.has(createGrn("stream", stream.id)) ? "Removed from favorites." : "Added to favorites.");

  const runBulk = async (action: BulkStreamAction, ids: string[]) => {
    setBusy(true);
    try {
      const answer = await bulkStreams(action, ids);
      (answer.failures.length === 0 ? toastSuccess : (text: string) => toastError(new Error(text)))(bulkOutcomeText(BULK_VERBS[action], answer));
      setSelected(answer.failures.map((failure) => failure.entity_id));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
      setBulkDelete(null);
      await refresh();
    }
  };

  const confirmDelete = async (stream: Stream) => {
    setBusy(true);
    await act(() => deleteStream(stream.id), deletedText(stream.title));
    setBusy(false);
    setToDelete(null);
  };

  return (
    <PageLayout
      title="Streams"
      description="You can route incoming messages into streams by applying rules against them. Messages matching the rules of a stream are routed into it; a paused stream routes nothing."
      actions={mayCreate && <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: "create" })}>Create stream</Button>}
    >
      <EntityListTable<Stream>
        list={list}
        page={streams.data && { entities: streams.data.elements, total: streams.data.total }}
        loading={streams.isPending}
        searchPlaceholder="Search streams, e.g. web or description:auth"
        label="Streams"
        rowTestId="stream-row"
        columnDefinitions={STREAM_COLUMNS}
        columnRenderers={{
          title: {
            renderCell: (_value, stream) => (
              <Anchor component={Link} to={paths.streamSearch.href({ streamId: stream.id })} fw={600} size="sm">{stream.title}</Anchor>
            ),
          },
          description: { renderCell: (value) => <Text size="sm" lineClamp={2}>{String(value ?? "")}</Text> },
          rules: { renderCell: (_value, stream) => <Text size="sm">{rulesText(stream)}</Text> },
          index_set_id: { renderCell: (value) => <Text size="sm">{indexSetTitle(String(value))}</Text> },
          created_at: { renderCell: (value) => <Text size="sm">{String(value).slice(0, 19).replace("T", " ")}</Text> },
          disabled: {
            renderCell: (_value, stream) => (
              <Badge color={stream.disabled ? "orange" : "green"} variant="light" data-testid="stream-status">{statusText(stream)}</Badge>
            ),
          },
        }}
        selectAllLabel="Select all streams on this page"
        selection={{ selectedIds: selected, onChange: setSelected }}
        bulkActions={(ids) => (
          <>
            <Menu.Item leftSection={<IconPlayerPlay size={14} />} disabled={busy} onClick={() => void runBulk("resume", ids)}>
              Start selected ({ids.length})
            </Menu.Item>
            <Menu.Item leftSection={<IconPlayerPause size={14} />} disabled={busy} onClick={() => void runBulk("pause", ids)}>
              Pause selected ({ids.length})
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} disabled={busy} onClick={() => setBulkDelete(ids)}>
              Delete selected ({ids.length})
            </Menu.Item>
          </>
        )}
        actionsColumnWidth={150}
        rowActions={(stream) => {
          const favorite = favoriteGrns.has(createGrn("stream", stream.id));
          return (
            <>
              <ActionIcon
                variant="subtle"
                color="yellow"
                aria-label={favorite ? `Remove ${stream.title} from favorites` : `Add ${stream.title} to favorites`}
                title={favorite ? "Remove from favorites" : "Add to favorites"}
                onClick={() => void toggleFavorite(stream)}
              >
                {favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
              </ActionIcon>
              {mayChangeState(stream) && (
                <ActionIcon
                  variant="subtle"
                  aria-label={stream.disabled ? `Start ${stream.title}` : `Pause ${stream.title}`}
                  title={stream.disabled ? "Start stream" : "Pause stream"}
                  onClick={() => void toggleState(stream)}
                >
                  {stream.disabled ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
                </ActionIcon>
              )}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={`More actions for ${stream.title}`} title="More actions">
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {mayEdit(stream) && (
                    <Menu.Item leftSection={<IconListDetails size={14} />} component={Link} to={paths.streamEdit.href({ streamId: stream.id })}>
                      Manage Rules
                    </Menu.Item>
                  )}
                  {mayEdit(stream) && (
                    <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setForm({ kind: "edit", stream })}>Edit stream</Menu.Item>
                  )}
                  <Menu.Item leftSection={<IconBell size={14} />} component={Link} to={streamAlertsHref(stream.id)}>
                    Manage Alerts
                  </Menu.Item>
                  {permissions.isPermitted("outputs:read") && (
                    <Menu.Item leftSection={<IconLogout2 size={14} />} component={Link} to={paths.streamOutputs.href({ streamId: stream.id })}>
                      Manage Outputs
                    </Menu.Item>
                  )}
                  {mayCreate && (
                    <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => setForm({ kind: "clone", stream })}>Clone stream</Menu.Item>
                  )}
                  {permissions.isPermitted(entityOwnPermission("stream", stream.id)) && (
                    <Menu.Item leftSection={<IconShare size={14} />} onClick={() => setSharing(stream)}>Share</Menu.Item>
                  )}
                  {mayEdit(stream) && (
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setToDelete(stream)}>Delete stream</Menu.Item>
                  )}
                  {stream.is_default && <Menu.Label>The default stream cannot be edited, paused or deleted.</Menu.Label>}
                </Menu.Dropdown>
              </Menu>
            </>
          );
        }}
      />
      {sharing && (
        <ShareDialog
          opened
          onClose={() => setSharing(null)}
          entityGrn={createGrn("stream", sharing.id)}
          entityType="stream"
          entityTitle={sharing.title}
        />
      )}
      <StreamFormModal
        mode={form}
        indexSets={indexSetChoices}
        defaultIndexSetId={indexSets.data?.index_sets.find((set) => set.default)?.id ?? defaultStream?.index_set_id ?? indexSetChoices[0]?.value ?? ""}
        onClose={() => setForm(null)}
        onSave={save}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete stream"
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteQuestion(toDelete.title) : ""}
      </ConfirmDialog>
      <ConfirmDialog
        opened={bulkDelete !== null}
        title="Delete streams"
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onConfirm={() => bulkDelete && void runBulk("delete", bulkDelete)}
        onCancel={() => setBulkDelete(null)}
      >
        {bulkDelete ? bulkDeleteQuestion(bulkDelete.length) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
