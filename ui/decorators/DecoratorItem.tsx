import { Button, Group, Menu, Paper, Stack, Table, Text } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useState } from "react";
import type { AvailableDecorators, Decorator, DecoratorBody } from "../../api/schemas/decorators.ts";
import { ConfigurationFormModal } from "../common/config-form/ConfigurationFormModal.tsx";
import type { RequestedConfiguration } from "../common/config-form/logic/configuration-field.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { usePermissions } from "../session/current-user.tsx";
import { configurationSummary, decoratorTitle, DELETE_DECORATOR_QUESTION } from "./logic/decorator-list.ts";

interface Props {
  decorator: Decorator;
  types: AvailableDecorators;
  /** Resolves once the change is stored (the list refreshes itself); rejects to keep the dialog open. */
  onUpdate(body: DecoratorBody): Promise<unknown>;
  onDelete(): Promise<unknown>;
}

/** One decorator of the list: its type, its configuration and the Actions menu (Edit, Delete with confirmation). */
export function DecoratorItem({ decorator, types, onUpdate, onDelete }: Props) {
  const { isPermitted } = usePermissions();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const type = types[decorator.type];
  const title = decoratorTitle(decorator, types);
  const run = async (work: () => Promise<unknown>, close: () => void) => {
    setBusy(true);
    try {
      await work();
      close();
    } catch {
      // The caller toasted the error; the dialog stays open for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" data-testid="decorator-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" data-testid="decorator-title">{title}</Text>
          <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing="xs" fz="sm">
            <Table.Tbody>
              {configurationSummary(decorator, types).map(({ label, value }) => (
                <Table.Tr key={label}>
                  <Table.Td c="dimmed" w={160} style={{ verticalAlign: "top" }}>{label}</Table.Td>
                  <Table.Td style={{ wordBreak: "break-word" }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronDown size={14} />}
              aria-label={`Actions for ${title}`}
            >
              Actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item disabled={!type || !isPermitted("decorators:edit")} onClick={() => setEditing(true)}>
              Edit
            </Menu.Item>
            <Menu.Item
              color="red"
              disabled={!isPermitted("decorators:delete")}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {type && (
        <ConfigurationFormModal
          opened={editing}
          title={`Edit ${type.name} decorator`}
          typeName={decorator.type}
          configFields={type.requested_configuration as RequestedConfiguration}
          values={decorator.config}
          submitButtonText="Update"
          submitting={busy}
          onCancel={() => setEditing(false)}
          onSubmit={(payload) =>
            run(
              () =>
                onUpdate({
                  type: decorator.type,
                  config: payload.configuration,
                  stream: decorator.stream,
                  order: decorator.order,
                }),
              () => setEditing(false),
            )}
        />
      )}
      <ConfirmDialog
        opened={deleting}
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onCancel={() => setDeleting(false)}
        onConfirm={() => run(onDelete, () => setDeleting(false))}
      >
        {DELETE_DECORATOR_QUESTION}
      </ConfirmDialog>
    </Paper>
  );
}
