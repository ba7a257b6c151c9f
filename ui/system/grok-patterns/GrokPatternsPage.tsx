import { ActionIcon, Button, Code, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconFileImport, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { GrokPattern } from "../../../api/schemas/grok.ts";
import type { GrokPatternDefinition } from "../../../shared/grok/pattern-file.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityListTable } from "../../common/entity-list/EntityListTable.tsx";
import { useEntityList } from "../../common/entity-list/use-entity-list.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { GrokPatternFormModal } from "./GrokPatternFormModal.tsx";
import {
  createGrokPattern,
  deleteGrokPattern,
  grokPatternPageQueryOptions,
  importGrokPatterns,
  invalidateGrokPatterns,
  updateGrokPattern,
} from "./grok-pattern-queries.ts";
import { ImportPatternFileModal } from "./ImportPatternFileModal.tsx";
import {
  createdText,
  deletedText,
  deleteQuestion,
  GROK_PATTERN_COLUMNS,
  GROK_PATTERN_LAYOUT_DEFAULTS,
  GROK_PATTERN_PAGE_SIZES,
  GROK_PATTERNS_TABLE_ID,
  importedText,
  updatedText,
} from "./logic/grok-pattern-list.ts";

/** The form dialog: closed, creating, or editing one pattern. */
type Editing = { kind: "closed" } | { kind: "create" } | { kind: "edit"; pattern: GrokPattern };

/**
 * System → Grok Patterns (spec 002 §2): the patterns on the shared entity table with search, paging and the
 * user's layout; create, edit (with a test against sample data), delete, and import of a pattern file.
 */
export function GrokPatternsPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const list = useEntityList(GROK_PATTERNS_TABLE_ID, { defaults: GROK_PATTERN_LAYOUT_DEFAULTS, pageSizes: GROK_PATTERN_PAGE_SIZES });
  const [editing, setEditing] = useState<Editing>({ kind: "closed" });
  const [importing, setImporting] = useState(false);
  const [toDelete, setToDelete] = useState<GrokPattern | null>(null);
  const [deleting, setDeleting] = useState(false);
  const patterns = useQuery(grokPatternPageQueryOptions(list.params));

  const mayCreate = permissions.isPermitted("grok_pattern:create");
  const mayEdit = permissions.isPermitted("grok_pattern:edit");
  const mayDelete = permissions.isPermitted("grok_pattern:delete");

  const save = async (values: GrokPatternDefinition) => {
    if (editing.kind === "edit") {
      await updateGrokPattern(editing.pattern.id, values);
      toastSuccess(updatedText(values.name));
    } else {
      await createGrokPattern(values);
      toastSuccess(createdText(values.name));
    }
    setEditing({ kind: "closed" });
    await invalidateGrokPatterns(queryClient);
  };

  const importFile = async (patterns: GrokPatternDefinition[], replaceAll: boolean) => {
    await importGrokPatterns(patterns, replaceAll ? "DROP_ALL_EXISTING" : "REPLACE_ON_CONFLICT");
    toastSuccess(importedText(patterns.length));
    list.setPage(1);
    await invalidateGrokPatterns(queryClient);
  };

  const confirmDelete = async (pattern: GrokPattern) => {
    setDeleting(true);
    try {
      await deleteGrokPattern(pattern.id);
      toastSuccess(deletedText(pattern.name));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidateGrokPatterns(queryClient);
    }
  };

  return (
    <PageLayout
      title="Grok Patterns"
      description="Named regular expressions that extractors and pipeline rules use as %{NAME}. Create them here or import a pattern file."
      actions={mayCreate && (
        <>
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            Import pattern file
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: "create" })}>Create pattern</Button>
        </>
      )}
    >
      <EntityListTable<GrokPattern>
        list={list}
        page={patterns.data && { entities: patterns.data.patterns, total: patterns.data.total }}
        loading={patterns.isPending}
        searchPlaceholder="Search patterns, e.g. IP or pattern:%{WORD}"
        label="Grok patterns"
        rowTestId="grok-pattern-row"
        columnDefinitions={GROK_PATTERN_COLUMNS}
        columnRenderers={{
          name: { renderCell: (value) => <Text fw={600} size="sm">{String(value)}</Text> },
          pattern: { renderCell: (value) => <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{String(value)}</Code> },
        }}
        actionsColumnWidth={90}
        rowActions={(mayEdit || mayDelete)
          ? (pattern) => (
            <>
              {mayEdit && (
                <ActionIcon variant="subtle" aria-label={`Edit ${pattern.name}`} title="Edit" onClick={() => setEditing({ kind: "edit", pattern })}>
                  <IconEdit size={16} />
                </ActionIcon>
              )}
              {mayDelete && (
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${pattern.name}`} title="Delete" onClick={() => setToDelete(pattern)}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </>
          )
          : undefined}
      />
      <GrokPatternFormModal
        opened={editing.kind !== "closed"}
        pattern={editing.kind === "edit" ? editing.pattern : null}
        onClose={() => setEditing({ kind: "closed" })}
        onSave={save}
      />
      <ImportPatternFileModal opened={importing} onClose={() => setImporting(false)} onImport={importFile} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete grok pattern"
        confirmText="Delete"
        confirmColor="red"
        submitting={deleting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteQuestion(toDelete.name) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
