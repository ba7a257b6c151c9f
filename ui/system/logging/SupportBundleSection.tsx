import { Alert, Anchor, Button, Group, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { failureMessage } from "../../api/fetch-error.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { buildSupportBundle, deleteSupportBundle, supportBundleHref, supportBundlesQueryOptions } from "./logging-queries.ts";
import { formatBundleSize, LOGGING_TEXTS } from "./logic/logging-texts.ts";

interface Props {
  mayCreate: boolean;
}

/** The support bundles: build one, download or delete those built. */
export function SupportBundleSection({ mayCreate }: Props) {
  const bundles = useQuery(supportBundlesQueryOptions());
  const queryClient = useQueryClient();
  const [building, setBuilding] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const build = async () => {
    setBuilding(true);
    try {
      await buildSupportBundle(queryClient);
      toastSuccess(LOGGING_TEXTS.bundleCreated);
    } catch (error) {
      toastError(error);
    } finally {
      setBuilding(false);
    }
  };
  const remove = async (name: string) => {
    setDeleting(null);
    try {
      await deleteSupportBundle(queryClient, name);
      toastSuccess(LOGGING_TEXTS.bundleDeleted(name));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm">{LOGGING_TEXTS.supportBundleDescription}</Text>
        {mayCreate && <Button onClick={() => void build()} loading={building} style={{ flexShrink: 0 }}>Create Support Bundle</Button>}
      </Group>
      {bundles.isError && <Alert color="red">{failureMessage(bundles.error)}</Alert>}
      {bundles.data?.length === 0 && <Text size="sm" c="dimmed">{LOGGING_TEXTS.noBundles}</Text>}
      {bundles.data && bundles.data.length > 0 && (
        <Table data-testid="support-bundles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bundles.data.map((bundle) => (
              <Table.Tr key={bundle.file_name} data-testid="support-bundle">
                <Table.Td><Text size="sm" ff="monospace">{bundle.file_name}</Text></Table.Td>
                <Table.Td>{formatBundleSize(bundle.size)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Anchor href={supportBundleHref(bundle.file_name)} download={bundle.file_name} size="sm">Download</Anchor>
                    {mayCreate && <Button size="xs" color="red" variant="light" onClick={() => setDeleting(bundle.file_name)}>Delete</Button>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete support bundle"
        confirmText="Delete"
        confirmColor="red"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? LOGGING_TEXTS.confirmDelete(deleting) : null}
      </ConfirmDialog>
    </>
  );
}
