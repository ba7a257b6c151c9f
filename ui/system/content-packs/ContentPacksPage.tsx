import { Anchor, Button, FileButton, Group, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { type ContentPack, ContentPackSchema } from "../../../api/schemas/content-packs.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import {
  contentPackDownloadHref,
  deleteContentPack,
  invalidateContentPacks,
  latestContentPacksQueryOptions,
  saveContentPack,
} from "./content-pack-queries.ts";
import { InstallContentPackModal } from "./InstallContentPackModal.tsx";
import {
  CONTENT_PACKS_DESCRIPTION,
  CONTENT_PACKS_TITLE,
  CREATE_CONTENT_PACK,
  deletedText,
  deleteQuestion,
  NO_CONTENT_PACKS,
  UPLOAD,
  uploadedText,
} from "./logic/content-pack-texts.ts";

/** System → Content Packs: each pack's newest revision with its installations; create, upload, install, download, delete. */
export function ContentPacksPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const packs = useQuery(latestContentPacksQueryOptions());
  const [installing, setInstalling] = useState<ContentPack | null>(null);
  const [deleting, setDeleting] = useState<ContentPack | null>(null);
  const list = packs.data?.content_packs ?? [];
  const metadata = packs.data?.content_packs_metadata ?? {};
  const installationCount = (id: string) => Object.values(metadata[id] ?? {}).reduce((sum, entry) => sum + entry.installation_count, 0);

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const pack = ContentPackSchema.parse(JSON.parse(await file.text()));
      await saveContentPack(pack);
      await invalidateContentPacks(queryClient);
      toastSuccess(uploadedText(pack.name));
    } catch (error) {
      toastError(error instanceof Error && !("status" in error) ? `Error uploading content pack: ${error.message}` : error);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteContentPack(deleting.id);
      await invalidateContentPacks(queryClient);
      toastSuccess(deletedText(deleting.name));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <PageLayout
      title={CONTENT_PACKS_TITLE}
      description={CONTENT_PACKS_DESCRIPTION}
      actions={permissions.isPermitted("contentpack:create") && (
        <>
          <FileButton onChange={upload} accept="application/json,.json">
            {(props) => <Button variant="default" {...props}>{UPLOAD}</Button>}
          </FileButton>
          <Button component={Link} to={paths.contentPacksCreate.href()}>{CREATE_CONTENT_PACK}</Button>
        </>
      )}
    >
      {packs.isSuccess && list.length === 0 && <Text c="dimmed">{NO_CONTENT_PACKS}</Text>}
      {list.length > 0 && (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Summary</Table.Th>
              <Table.Th>Latest revision</Table.Th>
              <Table.Th>Installations</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((pack) => (
              <Table.Tr key={pack.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.contentPack.href({ contentPackId: pack.id })}>{pack.name}</Anchor>
                </Table.Td>
                <Table.Td>{pack.summary}</Table.Td>
                <Table.Td>{pack.rev}</Table.Td>
                <Table.Td>{installationCount(pack.id)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {permissions.isPermitted("contentpack:create") && (
                      <Button size="xs" onClick={() => setInstalling(pack)}>Install</Button>
                    )}
                    <Button size="xs" variant="default" component="a" href={contentPackDownloadHref(pack.id, pack.rev)} download>
                      Download
                    </Button>
                    {permissions.isPermitted("contentpack:create") && (
                      <Button size="xs" variant="default" component={Link} to={paths.contentPackEdit.href({ contentPackId: pack.id, revision: String(pack.rev) })}>
                        Edit
                      </Button>
                    )}
                    {permissions.isPermitted("contentpack:delete") && (
                      <Button size="xs" color="red" variant="light" onClick={() => setDeleting(pack)}>Delete</Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <InstallContentPackModal pack={installing} onClose={() => setInstalling(null)} />
      <ConfirmDialog opened={deleting !== null} title="Delete content pack" confirmColor="red" onConfirm={remove} onCancel={() => setDeleting(null)}>
        {deleting ? deleteQuestion(deleting.name) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
