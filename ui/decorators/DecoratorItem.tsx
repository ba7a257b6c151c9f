import { Button, Group, Menu, Paper, Stack, Table, Text } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useState } from "react";
import type { AvailableDecorators, Decorator } from "../../api/schemas/decorators.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { DecoratorConfigModal } from "./DecoratorConfigModal.tsx";
import { configurationSummary, decoratorTitle } from "./logic/decorator-list.ts";

interface Props {
  /** A stored decorator or a message table's own: only its type and configuration are shown. */
  decorator: Pick<Decorator, "type" | "config">;
  types: AvailableDecorators;
  /** Resolves once the change is kept; rejects to keep the dialog open (the caller reports the error). */
  onUpdate(config: Record<string, unknown>): Promise<unknown> | void;
  onDelete(): Promise<unknown> | void;
  canEdit: boolean;
  canDelete: boolean;
  /** Asked before deleting; without it Delete acts at once (a widget's draft can still be cancelled). */
  deleteQuestion?: string;
}

/** One decorator of a list: its type, its configuration and the Actions menu (Edit, Delete). */
export function DecoratorItem(
  { decorator, types, onUpdate, onDelete, canEdit, canDelete, deleteQuestion }: Props,
) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const type = types[decorator.type];
  const title = decoratorTitle(decorator, types);
  const run = async (work: () => Promise<unknown> | void, close: () => void) => {
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
            <Menu.Item disabled={!type || !canEdit} onClick={() => setEditing(true)}>
              Edit
            </Menu.Item>
            <Menu.Item
              color="red"
              disabled={!canDelete}
              onClick={() => deleteQuestion ? setDeleting(true) : run(onDelete, () => {})}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {type && (
        <DecoratorConfigModal
          purpose="edit"
          type={type}
          opened={editing}
          values={decorator.config}
          submitting={busy}
          onCancel={() => setEditing(false)}
          onSubmit={(config) => run(() => onUpdate(config), () => setEditing(false))}
        />
      )}
      <ConfirmDialog
        opened={deleting && deleteQuestion !== undefined}
        confirmText="Delete"
        confirmColor="red"
        submitting={busy}
        onCancel={() => setDeleting(false)}
        onConfirm={() => run(onDelete, () => setDeleting(false))}
      >
        {deleteQuestion}
      </ConfirmDialog>
    </Paper>
  );
}
