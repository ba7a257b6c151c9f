import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { type DashboardPage, PAGE_TITLE_MAX_LENGTH, pageTitleError } from "./logic/dashboard-pages.ts";
import { DELETE_PAGE_QUESTION } from "./PageTabs.tsx";

interface Props {
  opened: boolean;
  pages: readonly DashboardPage[];
  onClose(): void;
  onRename(pageId: string, title: string): void;
  onMove(from: number, to: number): void;
  onDelete(pageId: string): void;
}

/** The pages configuration (spec 001 §2): order, rename and delete pages; the last page cannot be deleted. */
export function PagesConfigurationDialog({ opened, pages, onClose, onRename, onMove, onDelete }: Props) {
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Update Dashboard Pages Configuration">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">Change the order, the titles or delete pages. Changes apply at once and are saved with the dashboard.</Text>
        {pages.map((page, index) => (
          <PageRow
            key={page.id}
            page={page}
            first={index === 0}
            last={index === pages.length - 1}
            only={pages.length <= 1}
            onRename={(title) => onRename(page.id, title)}
            onUp={() => onMove(index, index - 1)}
            onDown={() => onMove(index, index + 1)}
            onDelete={() => setDeleting(page.id)}
          />
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete page"
        confirmText="Delete"
        confirmColor="red"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) onDelete(deleting);
          setDeleting(null);
        }}
      >
        {DELETE_PAGE_QUESTION}
      </ConfirmDialog>
    </Modal>
  );
}

interface RowProps {
  page: DashboardPage;
  first: boolean;
  last: boolean;
  only: boolean;
  onRename(title: string): void;
  onUp(): void;
  onDown(): void;
  onDelete(): void;
}

function PageRow({ page, first, last, only, onRename, onUp, onDown, onDelete }: RowProps) {
  const [title, setTitle] = useState(page.title);
  const error = pageTitleError(title);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="page-configuration-row">
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={`Title of ${page.title}`}
        value={title}
        maxLength={PAGE_TITLE_MAX_LENGTH}
        error={error}
        onChange={(event) => setTitle(event.currentTarget.value)}
        onBlur={() => {
          if (error === null) onRename(title);
          else setTitle(page.title);
        }}
      />
      <ActionIcon variant="subtle" aria-label={`Move ${page.title} up`} disabled={first} onClick={onUp}><IconArrowUp size={16} /></ActionIcon>
      <ActionIcon variant="subtle" aria-label={`Move ${page.title} down`} disabled={last} onClick={onDown}><IconArrowDown size={16} /></ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${page.title}`} disabled={only} onClick={onDelete}><IconTrash size={16} /></ActionIcon>
    </Group>
  );
}
