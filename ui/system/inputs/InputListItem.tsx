import { ActionIcon, Anchor, Badge, Button, Card, Code, Group, Menu, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconChevronDown, IconPlayerPlay, IconPlayerStop, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { InputStateSummary, InputSummary } from "../../../api/schemas/inputs.ts";
import { paths } from "../../../shared/paths.ts";
import type { Metric } from "../../../api/schemas/metrics.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { invalidateInputs, removeStaticField, startInput, stopInput } from "./input-queries.ts";
import {
  isRunning,
  listenAddress,
  receivedCounts,
  receivedMessagesHref,
  receivedText,
  removeStaticFieldQuestion,
  STATE_BADGES,
  STATIC_FIELD_REMOVED,
} from "./logic/input-list.ts";

interface Props {
  input: InputSummary;
  /** Its state on this node (undefined while loading). */
  state: InputStateSummary | undefined;
  metrics: readonly Metric[];
  onEdit(): void;
  onDelete(): void;
  onAddStaticField(): void;
}

/** One input: title, type, state (with the failure or drop reason), address, counts, static fields and actions. */
export function InputListItem({ input, state, metrics, onEdit, onDelete, onAddStaticField }: Props) {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const [changing, setChanging] = useState(false);
  const [fieldToRemove, setFieldToRemove] = useState<string | null>(null);
  const running = isRunning(state?.state);
  const badge = state ? STATE_BADGES[state.state] : null;
  const counts = receivedCounts(metrics, input);
  const address = listenAddress(input);
  const mayEdit = permissions.isPermitted(`inputs:edit:${input.id}`);
  const mayChangeState = permissions.isPermitted(`inputs:changestate:${input.id}`);
  const mayDelete = permissions.isPermitted(`inputs:terminate:${input.id}`);
  const staticFields = Object.entries(input.static_fields);

  const toggle = async () => {
    setChanging(true);
    try {
      await (running ? stopInput(input.id) : startInput(input.id));
    } catch (error) {
      toastError(error, running ? "Could not stop input" : "Could not start input");
    } finally {
      setChanging(false);
      await invalidateInputs(queryClient);
    }
  };

  const removeField = async (key: string) => {
    try {
      await removeStaticField(input.id, key);
      toastSuccess(STATIC_FIELD_REMOVED);
    } catch (error) {
      toastError(error, "Could not remove static field");
    } finally {
      setFieldToRemove(null);
      await invalidateInputs(queryClient);
    }
  };

  return (
    <Card withBorder padding="md" data-testid="input-row" aria-label={input.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{input.title}</Text>
            <Text c="dimmed" size="sm">({input.name})</Text>
            {badge && <Badge color={badge.color} variant="light" data-testid="input-state">{badge.label}</Badge>}
          </Group>
          {state?.detailed_message && (
            <Text size="sm" c={state.state === "FAILED" ? "red" : "orange"} data-testid="input-state-detail">{state.detailed_message}</Text>
          )}
          <Text size="sm" c="dimmed">
            {address ? <>{running ? "Listening on" : "Configured for"} <Code>{address}</Code> · </> : null}
            {input.global ? "global" : `on node ${input.node ?? ""}`} · id <Code>{input.id}</Code>
          </Text>
          <Text size="sm" data-testid="input-received">
            {receivedText(counts.total)} · {counts.perSecond.toFixed(1)} msg/s (1 minute average)
          </Text>
          {staticFields.length > 0 && (
            <Group gap={6} aria-label="Static fields">
              <Text size="sm" c="dimmed">Static fields:</Text>
              {staticFields.map(([key, value]) => (
                <Badge key={key} variant="outline" color="gray" tt="none" rightSection={mayEdit && (
                  <ActionIcon size="xs" variant="transparent" aria-label={`Remove static field ${key}`} onClick={() => setFieldToRemove(key)}>
                    <IconX size={12} />
                  </ActionIcon>
                )}>
                  {key}: {value}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={receivedMessagesHref(input.id)} size="sm">Show received messages</Anchor>
          {mayEdit && <Button size="xs" variant="default" component={Link} to={paths.extractors.href({ inputId: input.id })}>Manage extractors</Button>}
          {mayChangeState && (
            <Button
              size="xs"
              variant="default"
              loading={changing}
              leftSection={running ? <IconPlayerStop size={14} /> : <IconPlayerPlay size={14} />}
              onClick={() => void toggle()}
            >
              {running ? "Stop input" : "Start input"}
            </Button>
          )}
          {(mayEdit || mayDelete) && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} />}>More actions</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {mayEdit && <Menu.Item onClick={onEdit}>Edit input</Menu.Item>}
                {mayEdit && <Menu.Item onClick={onAddStaticField}>Add static field</Menu.Item>}
                {mayDelete && <Menu.Divider />}
                {mayDelete && <Menu.Item color="red" onClick={onDelete}>Delete input</Menu.Item>}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <ConfirmDialog
        opened={fieldToRemove !== null}
        title="Remove static field"
        confirmText="Remove"
        confirmColor="red"
        onConfirm={() => fieldToRemove && void removeField(fieldToRemove)}
        onCancel={() => setFieldToRemove(null)}
      >
        {fieldToRemove ? removeStaticFieldQuestion(fieldToRemove) : ""}
      </ConfirmDialog>
    </Card>
  );
}
