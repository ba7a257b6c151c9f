import { ActionIcon, Alert, Badge, Button, Card, Code, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { EXTRACTOR_TYPES, type ExtractorSummary, type ExtractorType } from "../../../../api/schemas/extractors.ts";
import { ConfirmDialog } from "../../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../../common/toast.ts";
import { usePermissions } from "../../../session/current-user.tsx";
import { PageLayout } from "../../../shell/PageLayout.tsx";
import {
  deleteExtractor,
  extractorsQueryOptions,
  inputQueryOptions,
  invalidateExtractors,
  orderExtractors,
  recentMessageQueryOptions,
} from "./extractor-queries.ts";
import { CONVERTER_KIND_VIEWS, EXTRACTOR_KIND_VIEWS } from "./logic/extractor-kinds.ts";
import {
  deleteExtractorQuestion,
  editHref,
  EXTRACTORS_DESCRIPTION,
  type ExtractorScope,
  exportHref,
  extractableFields,
  extractorSentence,
  importHref,
  moved,
  newExtractorHref,
  NO_EXTRACTORS,
  NO_RECENT_MESSAGE,
  ORDER_SAVED,
} from "./logic/extractor-list.ts";

const TYPE_OPTIONS = EXTRACTOR_TYPES.map((type) => ({ value: type, label: EXTRACTOR_KIND_VIEWS[type].label }));

/**
 * An input's extractors (spec 002 §2, `/system/inputs/{id}/extractors` and the node-scoped path): add one from a
 * field of the input's newest message, the extractors in the order they run with their counters, sort, edit,
 * delete, export and import.
 */
export function ExtractorsPage() {
  const { inputId = "", nodeId } = useParams();
  const scope: ExtractorScope = { inputId, nodeId };
  const permissions = usePermissions();
  const mayEdit = permissions.isPermitted(`inputs:edit:${inputId}`);
  const input = useQuery(inputQueryOptions(inputId));
  const extractors = useQuery(extractorsQueryOptions(inputId));
  const title = input.data ? `Extractors of ${input.data.title}` : "Extractors";
  return (
    <PageLayout
      title={title}
      description={EXTRACTORS_DESCRIPTION}
      actions={
        <Group gap="xs">
          {mayEdit && <Button component={Link} to={importHref(scope)} variant="default">Import extractors</Button>}
          <Button component={Link} to={exportHref(scope)} variant="default">Export extractors</Button>
        </Group>
      }
    >
      {mayEdit && <AddExtractor scope={scope} />}
      {extractors.error && <Alert color="red" title="Could not retrieve extractors">{extractors.error.message}</Alert>}
      {extractors.data && <ConfiguredExtractors scope={scope} extractors={extractors.data.extractors} mayEdit={mayEdit} />}
    </PageLayout>
  );
}

/** 'Add extractor': load the input's newest message, pick a field and an extractor type. */
function AddExtractor({ scope }: { scope: ExtractorScope }) {
  const navigate = useNavigate();
  const [load, setLoad] = useState(false);
  const recent = useQuery({ ...recentMessageQueryOptions(scope.inputId), enabled: load });
  const message = recent.data?.messages[0];
  const example = message?.index ? { index: message.index, id: String(message.message._id ?? message.message.id ?? "") } : null;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">Add extractor</Title>
        <Text size="sm" c="dimmed">Start by loading a message to have an example to work on.</Text>
        <Group>
          <Button variant="default" loading={recent.isFetching} onClick={() => (load ? void recent.refetch() : setLoad(true))}>
            Load recent message
          </Button>
        </Group>
        {recent.data && !message && <Alert color="yellow">{NO_RECENT_MESSAGE}</Alert>}
        {message && (
          <Table withTableBorder aria-label="Example message">
            <Table.Tbody>
              {extractableFields(message.message).map(([field, value]) => (
                <Table.Tr key={field}>
                  <Table.Td w={180}><Code>{field}</Code></Table.Td>
                  <Table.Td style={{ wordBreak: "break-all" }}>{value}</Table.Td>
                  <Table.Td w={230}>
                    <Select
                      size="xs"
                      aria-label={`Select extractor type for ${field}`}
                      placeholder="Select extractor type"
                      data={TYPE_OPTIONS}
                      value={null}
                      onChange={(type) => type && navigate(newExtractorHref(scope, type as ExtractorType, field, example))}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** The extractors in the order they run; sorting moves them and saves the new order. */
function ConfiguredExtractors({ scope, extractors, mayEdit }: { scope: ExtractorScope; extractors: readonly ExtractorSummary[]; mayEdit: boolean }) {
  const queryClient = useQueryClient();
  const [sorting, setSorting] = useState<ExtractorSummary[] | null>(null);
  const [toDelete, setToDelete] = useState<ExtractorSummary | null>(null);
  const shown = sorting ?? extractors;
  const saveOrder = async () => {
    if (!sorting) return;
    try {
      await orderExtractors(scope.inputId, sorting.map((extractor) => extractor.id));
      toastSuccess(ORDER_SAVED);
      setSorting(null);
    } catch (error) {
      toastError(error, "Could not update extractor positions");
    } finally {
      await invalidateExtractors(queryClient);
    }
  };
  const remove = async (extractor: ExtractorSummary) => {
    try {
      await deleteExtractor(scope.inputId, extractor.id);
      toastSuccess(`Extractor "${extractor.title}" deleted successfully`);
    } catch (error) {
      toastError(error, "Could not delete extractor");
    } finally {
      setToDelete(null);
      await invalidateExtractors(queryClient);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">Configured extractors</Title>
        {mayEdit && extractors.length > 1 && (
          sorting
            ? (
              <Group gap="xs">
                <Button variant="default" onClick={() => setSorting(null)}>Cancel</Button>
                <Button onClick={() => void saveOrder()}>Save order</Button>
              </Group>
            )
            : <Button variant="default" onClick={() => setSorting([...extractors])}>Sort extractors</Button>
        )}
      </Group>
      {shown.length === 0 && <Text c="dimmed">{NO_EXTRACTORS}</Text>}
      {shown.map((extractor, at) => (
        <Card key={extractor.id} withBorder padding="sm" data-testid="extractor-row" aria-label={extractor.title}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{extractor.title}</Text>
                <Badge variant="light">{EXTRACTOR_KIND_VIEWS[extractor.type].label}</Badge>
                {extractor.converters.map((converter) => (
                  <Badge key={converter.type} variant="outline" color="gray" tt="none">{CONVERTER_KIND_VIEWS[converter.type].label}</Badge>
                ))}
              </Group>
              <Text size="sm">{extractorSentence(extractor)}</Text>
              <Text size="sm" c="dimmed" data-testid="extractor-metrics">
                {extractor.metrics.condition_hits} hits · {extractor.metrics.condition_misses} misses · {extractor.exceptions} exceptions ·{" "}
                {extractor.converter_exceptions} converter exceptions
              </Text>
            </Stack>
            {sorting
              ? (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="default" aria-label={`Move ${extractor.title} up`} disabled={at === 0}
                    onClick={() => setSorting(moved(sorting, at, -1))}><IconArrowUp size={16} /></ActionIcon>
                  <ActionIcon variant="default" aria-label={`Move ${extractor.title} down`} disabled={at === shown.length - 1}
                    onClick={() => setSorting(moved(sorting, at, 1))}><IconArrowDown size={16} /></ActionIcon>
                </Group>
              )
              : mayEdit && (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" component={Link} to={editHref(scope, extractor.id)}>Edit</Button>
                  <Button size="xs" variant="default" color="red" onClick={() => setToDelete(extractor)}>Delete</Button>
                </Group>
              )}
          </Group>
        </Card>
      ))}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete extractor"
        confirmText="Delete"
        confirmColor="red"
        onConfirm={() => toDelete && void remove(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteExtractorQuestion(toDelete.title) : ""}
      </ConfirmDialog>
    </Stack>
  );
}
