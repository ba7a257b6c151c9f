import { Badge, Button, Card, Group, List, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import {
  contentPackDownloadHref,
  contentPackRevisionsQueryOptions,
  installationsQueryOptions,
  invalidateContentPacks,
  uninstallContentPack,
  uninstallDetailsQueryOptions,
} from "./content-pack-queries.ts";
import { ENTITY_TYPE_TITLES, NO_INSTALLATIONS, uninstalledText, uninstallQuestion } from "./logic/content-pack-texts.ts";

/** One content pack: its revisions and their entities and parameters, and its installations (uninstall). */
export function ContentPackPage() {
  const { contentPackId = "" } = useParams();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const revisions = useQuery(contentPackRevisionsQueryOptions(contentPackId));
  const installations = useQuery(installationsQueryOptions(contentPackId));
  const [chosen, setChosen] = useState<string | null>(null);
  const [uninstalling, setUninstalling] = useState<string | null>(null);
  const byRevision = revisions.data?.content_pack_revisions ?? {};
  const revisionNumbers = Object.keys(byRevision).sort((a, b) => Number(b) - Number(a));
  const pack = byRevision[chosen ?? revisionNumbers[0] ?? ""];
  const details = useQuery({ ...uninstallDetailsQueryOptions(contentPackId, uninstalling ?? ""), enabled: uninstalling !== null });

  const uninstall = async () => {
    if (!uninstalling || !pack) return;
    try {
      await uninstallContentPack(contentPackId, uninstalling);
      await invalidateContentPacks(queryClient);
      toastSuccess(uninstalledText(pack.name));
    } catch (error) {
      toastError(error);
    } finally {
      setUninstalling(null);
    }
  };

  return (
    <PageLayout title={pack ? `Content pack ${pack.name}` : "Content pack"} description={pack?.summary}>
      {revisions.isError && <Text c="red">{String(revisions.error.message)}</Text>}
      {pack && (
        <Stack gap="md">
          <Group align="flex-end">
            <Select
              label="Revision"
              data={revisionNumbers}
              value={String(pack.rev)}
              onChange={setChosen}
              allowDeselect={false}
              w={120}
            />
            <Button variant="default" component="a" href={contentPackDownloadHref(pack.id, pack.rev)} download>Download</Button>
          </Group>
          <Card withBorder>
            <Stack gap={4}>
              <Text size="sm"><b>Vendor:</b> {pack.vendor}</Text>
              {pack.url && <Text size="sm"><b>URL:</b> {pack.url}</Text>}
              {pack.description && <Text size="sm">{pack.description}</Text>}
            </Stack>
          </Card>
          <Title order={2} size="h4">Entities</Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Entity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pack.entities.map((entity) => (
                <Table.Tr key={entity.id}>
                  <Table.Td>{ENTITY_TYPE_TITLES[entity.type.name]}</Table.Td>
                  <Table.Td>{entityTitle(entity.data) ?? entity.id}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pack.parameters.length > 0 && (
            <>
              <Title order={2} size="h4">Parameters</Title>
              <List size="sm">
                {pack.parameters.map((parameter) => (
                  <List.Item key={parameter.name}>
                    {parameter.title} <Badge size="xs" variant="light">{parameter.name}</Badge> ({parameter.type})
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Title order={2} size="h4">Installations</Title>
          {installations.data?.installations.length === 0 && <Text c="dimmed">{NO_INSTALLATIONS}</Text>}
          {(installations.data?.installations.length ?? 0) > 0 && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Revision</Table.Th>
                  <Table.Th>Comment</Table.Th>
                  <Table.Th>Installed by</Table.Th>
                  <Table.Th>Entities</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {installations.data?.installations.map((installation) => (
                  <Table.Tr key={installation._id}>
                    <Table.Td>{installation.content_pack_revision}</Table.Td>
                    <Table.Td>{installation.comment}</Table.Td>
                    <Table.Td>{installation.created_by}</Table.Td>
                    <Table.Td>{installation.entities.map((entity) => entity.title).join(", ")}</Table.Td>
                    <Table.Td>
                      {permissions.isPermitted("contentpack:delete") && (
                        <Button size="xs" color="red" variant="light" onClick={() => setUninstalling(installation._id)}>Uninstall</Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
      <ConfirmDialog opened={uninstalling !== null} title="Uninstall content pack" confirmColor="red" onConfirm={uninstall} onCancel={() => setUninstalling(null)}>
        <Stack gap="xs">
          <Text size="sm">{uninstallQuestion(pack?.name ?? "")}</Text>
          <List size="sm">
            {details.data?.entities.map((entity) => (
              <List.Item key={entity.id}>{ENTITY_TYPE_TITLES[entity.type.name]}: {entity.title}</List.Item>
            ))}
          </List>
        </Stack>
      </ConfirmDialog>
    </PageLayout>
  );
}

/** The name or title an entity's data holds, when it is a literal. */
function entityTitle(data: Record<string, unknown>): string | null {
  for (const key of ["title", "name"]) {
    const value = data[key] as { "@type"?: string; "@value"?: unknown } | undefined;
    if (value && value["@type"] !== "parameter" && typeof value["@value"] === "string") return value["@value"];
  }
  return null;
}
