import { ActionIcon, Anchor, Badge, Button, Group, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { RuleSource } from "../../../api/schemas/pipelines.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { NO_ENTITIES_EXIST } from "../../common/empty-states.ts";
import { formatTimestamp } from "../../common/time-format.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { PipelinesNav } from "./PipelinesNav.tsx";
import { counterViews } from "./logic/rule-counters.ts";
import { RuleCounterCells } from "./RuleCounterCells.tsx";
import { deleteRule, invalidatePipelines, pipelinesQueryOptions, ruleCountersQueryOptions, rulesQueryOptions } from "./pipeline-queries.ts";

/** `/system/pipelines/rules`: every rule, the pipelines that use it, with create, edit and delete. */
export function RulesPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const rules = useQuery(rulesQueryOptions());
  const pipelines = useQuery(pipelinesQueryOptions());
  const counters = counterViews(useQuery(ruleCountersQueryOptions()).data);
  const [toDelete, setToDelete] = useState<RuleSource | null>(null);
  const [deleting, setDeleting] = useState(false);
  const usedBy = (title: string) =>
    (pipelines.data ?? []).filter((pipeline) => pipeline.stages.some((stage) => stage.rules.includes(title)));

  const confirmDelete = async (rule: RuleSource) => {
    setDeleting(true);
    try {
      await deleteRule(rule.id!);
      toastSuccess(`Rule "${rule.title}" was deleted.`);
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidatePipelines(queryClient);
    }
  };

  return (
    <PageLayout
      title="Pipeline Rules"
      description="Rules are a way of applying changes to messages in Graylog. A rule consists of a condition and a list of actions. Graylog evaluates the condition against a message and executes the actions if the condition is satisfied."
      topActions={<PipelinesNav active="rules" />}
      actions={permissions.isPermitted("pipeline_rule:create") && (
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(paths.pipelineRule.href({ ruleId: "new" }))}>Create Rule</Button>
      )}
    >
      <Table striped withTableBorder aria-label="Pipeline rules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Last modified</Table.Th>
            <Table.Th>Pipelines</Table.Th>
            <Table.Th>Executed</Table.Th>
            <Table.Th>Errors</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}><Text c="dimmed" size="sm">{NO_ENTITIES_EXIST}</Text></Table.Td>
            </Table.Tr>
          )}
          {(rules.data ?? []).map((rule) => (
            <Table.Tr key={rule.id} data-testid="rule-row">
              <Table.Td>
                <Group gap="xs">
                  <Anchor component={Link} to={paths.pipelineRule.href({ ruleId: rule.id! })} fw={600} size="sm">{rule.title}</Anchor>
                  {rule.errors && <Badge color="red" variant="light" size="sm">does not parse</Badge>}
                </Group>
              </Table.Td>
              <Table.Td><Text size="sm">{rule.description}</Text></Table.Td>
              <Table.Td><Text size="sm">{rule.modified_at ? formatTimestamp(rule.modified_at, "UTC", false) : ""}</Text></Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {usedBy(rule.title).map((pipeline) => (
                    <Anchor key={pipeline.id} component={Link} to={paths.pipeline.href({ pipelineId: pipeline.id! })} size="sm">{pipeline.title}</Anchor>
                  ))}
                </Group>
              </Table.Td>
              <RuleCounterCells ruleId={rule.id!} title={rule.title} counters={counters} />
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {permissions.isPermitted("pipeline_rule:edit") && (
                    <ActionIcon variant="subtle" aria-label={`Edit ${rule.title}`} title="Edit" component={Link} to={paths.pipelineRule.href({ ruleId: rule.id! })}>
                      <IconEdit size={16} />
                    </ActionIcon>
                  )}
                  {permissions.isPermitted("pipeline_rule:delete") && (
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${rule.title}`} title="Delete" onClick={() => setToDelete(rule)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete rule"
        confirmText="Delete"
        confirmColor="red"
        submitting={deleting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? `Do you really want to delete rule "${toDelete.title}"? Pipelines that name it skip it.` : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
