import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { IconAlertTriangle, IconTrash, IconUser, IconUsers, IconWorld } from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { CAPABILITIES, type Capability, CAPABILITY_TITLES, type GranteeType } from "../../shared/share-kinds.ts";
import type { EntityShareResponse } from "../../api/schemas/shares.ts";
import { FetchError } from "../api/fetch-error.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { PageSizeSelect } from "../common/paginated-list/PageSizeSelect.tsx";
import { toastError, toastSuccess } from "../common/toast.ts";
import {
  addableGrantees,
  addGrantee,
  changeCapability,
  COLLABORATOR_PAGE_SIZES,
  collaboratorsOf,
  DEFAULT_COLLABORATOR_PAGE_SIZE,
  GRANTEE_REQUIRED,
  missingDependencyTexts,
  OWNERLESS_WARNING,
  ownerlessOwners,
  removeGrantee,
  type Selection,
  shareTexts,
  showsCollaboratorPageSize,
} from "./logic/share-selection.ts";
import { prepareShares, updateShares } from "./share-queries.ts";

interface Props {
  opened: boolean;
  onClose(): void;
  /** The entity's GRN, e.g. `grn::::search:{id}`. */
  entityGrn: string;
  /** How texts name the entity: 'search', 'dashboard', … */
  entityType: string;
  entityTitle: string;
  /** Called after the shares were stored. */
  onSaved?(): void;
}

const CAPABILITY_OPTIONS = CAPABILITIES.map((id) => ({ value: id, label: CAPABILITY_TITLES[id] }));

/**
 * The share dialog of any entity (spec 002 §3–§5): pick a grantee (user, team or everyone) and a capability,
 * change or remove collaborators; every change is prepared on the server, which answers with missing
 * dependencies and whether the entity would be left ownerless. Save stores the selection.
 */
export function ShareDialog({ opened, onClose, entityGrn, entityType, entityTitle, onSaved }: Props) {
  const texts = shareTexts(entityType, entityTitle);
  const [response, setResponse] = useState<EntityShareResponse | null>(null);
  const [selection, setSelection] = useState<Selection>({});
  const [preparing, setPreparing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [pickedGrantee, setPickedGrantee] = useState<string | null>(null);
  const [pickedCapability, setPickedCapability] = useState<Capability>("view");
  const [granteeError, setGranteeError] = useState<string | null>(null);
  const [confirmUnadded, setConfirmUnadded] = useState(false);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_COLLABORATOR_PAGE_SIZE);
  const latest = useRef(0);

  /** Prepares a selection (or the stored state); only the newest answer counts. */
  const prepare = useCallback(async (next?: Selection) => {
    const request = ++latest.current;
    setPreparing(true);
    try {
      const answer = await prepareShares(entityGrn, next);
      if (request !== latest.current) return;
      setResponse(answer);
      if (!next) setSelection(answer.selected_grantee_capabilities);
    } catch (error) {
      if (request === latest.current) toastError(texts.prepareFailed(messageOf(error)));
    } finally {
      if (request === latest.current) setPreparing(false);
    }
  }, [entityGrn, entityType, entityTitle]);

  // Prepared afresh on each opening (spec 002 §4), not on every new `prepare` closure.
  useEffect(() => {
    if (!opened) return;
    setResponse(null);
    setPickedGrantee(null);
    setGranteeError(null);
    setPage(1);
    void prepare();
  }, [opened, entityGrn]);

  const change = (next: Selection) => {
    setSelection(next);
    void prepare(next);
  };

  const add = () => {
    if (!pickedGrantee) return setGranteeError(GRANTEE_REQUIRED);
    change(addGrantee(selection, pickedGrantee, pickedCapability));
    setPickedGrantee(null);
    setGranteeError(null);
  };

  const save = async () => {
    setConfirmUnadded(false);
    setSubmitting(true);
    try {
      await updateShares(entityGrn, selection);
      toastSuccess(texts.updated);
      onSaved?.();
      onClose();
    } catch (error) {
      toastError(texts.updateFailed(messageOf(error)));
    } finally {
      setSubmitting(false);
    }
  };

  const collaborators = response ? collaboratorsOf(selection, response) : [];
  const pages = Math.max(1, Math.ceil(collaborators.length / perPage));
  const shown = collaborators.slice((Math.min(page, pages) - 1) * perPage, Math.min(page, pages) * perPage);
  const owners = response ? ownerlessOwners(response) : [];
  const missing = response ? missingDependencyTexts(response) : [];
  const invalid = response?.validation_result.failed ?? true;

  return (
    <Modal opened={opened} onClose={onClose} title={`Sharing ${entityType}: ${entityTitle}`} size="lg">
      <Stack gap="md">
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <Select
            style={{ flex: 1 }}
            aria-label="Grantee"
            placeholder="Search for users and teams"
            searchable
            clearable
            nothingFoundMessage="No grantees found"
            data={response
              ? addableGrantees(response.available_grantees, selection).map((grantee) => ({
                value: grantee.grn,
                label: grantee.title,
              }))
              : []}
            value={pickedGrantee}
            error={granteeError}
            onChange={(value) => {
              setPickedGrantee(value);
              if (value) setGranteeError(null);
            }}
            renderOption={({ option }) => {
              const grantee = response?.available_grantees.find((candidate) =>
                candidate.grn === option.value
              );
              return (
                <Group gap={6}>
                  {grantee && granteeIcon(grantee.type)}
                  <Text size="sm">{option.label}</Text>
                </Group>
              );
            }}
          />
          <Select
            w={130}
            aria-label="Capability"
            data={CAPABILITY_OPTIONS}
            value={pickedCapability}
            allowDeselect={false}
            onChange={(value) => value && setPickedCapability(value as Capability)}
          />
          <Button onClick={add} disabled={!response}>Add Collaborator</Button>
        </Group>

        {owners.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} title={OWNERLESS_WARNING}>
            <List size="sm">{owners.map((owner) => <List.Item key={owner}>{owner}</List.Item>)}</List>
          </Alert>
        )}
        {missing.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title="Missing dependencies">
            <List size="sm">{missing.map((text) => <List.Item key={text}>{text}</List.Item>)}</List>
          </Alert>
        )}

        <Stack gap={4}>
          <Text fw={600} size="sm">Collaborators</Text>
          {response && collaborators.length === 0 && <Text size="sm" c="dimmed">{texts.noCollaborators}
          </Text>}
          {collaborators.length > 0 && (
            <Table verticalSpacing={4} aria-label="Collaborators">
              <Table.Tbody>
                {shown.map(({ grantee, capability, state }) => (
                  <Table.Tr key={grantee.grn} data-testid="collaborator">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {granteeIcon(grantee.type)}
                        <Text size="sm" c={grantee.type === "error" ? "red" : undefined}>
                          {grantee.title}
                        </Text>
                        {state !== "unchanged" && <Badge size="xs" variant="light">{state}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td w={150}>
                      <Select
                        size="xs"
                        aria-label={`Capability of ${grantee.title}`}
                        data={CAPABILITY_OPTIONS}
                        value={capability}
                        allowDeselect={false}
                        onChange={(value) =>
                          value && change(changeCapability(selection, grantee.grn, value as Capability))}
                      />
                    </Table.Td>
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${grantee.title}`}
                        title="Remove"
                        onClick={() =>
                          change(removeGrantee(selection, grantee.grn))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {(pages > 1 || showsCollaboratorPageSize(collaborators.length)) && (
            <Group justify="space-between">
              {pages > 1
                ? <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={setPage} />
                : <span />}
              {showsCollaboratorPageSize(collaborators.length) && (
                <PageSizeSelect
                  pageSizes={COLLABORATOR_PAGE_SIZES}
                  pageSize={perPage}
                  onChange={(size) => {
                    setPerPage(size);
                    setPage(1);
                  }}
                />
              )}
            </Group>
          )}
        </Stack>

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={submitting}>Cancel</Button>
          <Button
            onClick={() => (pickedGrantee ? setConfirmUnadded(true) : void save())}
            loading={submitting}
            disabled={preparing || submitting || invalid}
          >
            Save
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmUnadded}
        title="Grantee not added"
        confirmText="Continue"
        onConfirm={() => void save()}
        onCancel={() => setConfirmUnadded(false)}
      >
        A grantee is selected but has not been added with 'Add Collaborator'. Save the shares without it?
      </ConfirmDialog>
    </Modal>
  );
}

const GRANTEE_ICONS: Record<GranteeType, ReactNode> = {
  user: <IconUser size={14} aria-label="User" />,
  team: <IconUsers size={14} aria-label="Team" />,
  global: <IconWorld size={14} aria-label="Everyone" />,
  error: <IconAlertTriangle size={14} aria-label="Unknown grantee" />,
};

function granteeIcon(type: GranteeType): ReactNode {
  return GRANTEE_ICONS[type];
}

function messageOf(error: unknown): string {
  if (error instanceof FetchError) return error.bodyMessage ?? String(error.status);
  return error instanceof Error ? error.message : String(error);
}
