import { ActionIcon, Group, Menu, Tabs, TextInput } from "@mantine/core";
import { IconChevronDown, IconCopy, IconDots, IconLayoutDashboard, IconPencil, IconPlus, IconSettings, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { type DashboardPage, PAGE_TITLE_MAX_LENGTH } from "./logic/dashboard-pages.ts";

/** Tabs shown before the rest go into the 'more' menu. */
export const VISIBLE_TABS = 8;

export const DELETE_PAGE_QUESTION = "Do you really want to delete this dashboard page?";

interface Props {
  pages: readonly DashboardPage[];
  activeId: string;
  onSelect(pageId: string): void;
  /** Page actions; left out for a read-only dashboard. */
  editable: boolean;
  onAdd(): void;
  onRename(pageId: string, title: string): void;
  onDuplicate(pageId: string): void;
  onCopyToDashboard(pageId: string): void;
  onDelete(pageId: string): void;
  onConfigure(): void;
}

/**
 * The dashboard's page bar (spec 001 §2 'Page tab', §4 'Pages'): a tab per page with Edit Title, Duplicate, Copy to
 * Dashboard and Delete; double-click renames in place (a blank title reverts); tabs beyond the first few go into a
 * 'more' menu; a plus adds a page; a cog opens the pages configuration.
 */
export function PageTabs(props: Props) {
  const { pages, activeId, editable } = props;
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  // The active page always shows, even when it is one of the overflowing ones.
  const shown = pages.slice(0, VISIBLE_TABS);
  const overflow = pages.slice(VISIBLE_TABS);
  const activeOverflowing = overflow.find((page) => page.id === activeId);
  const tabs = activeOverflowing ? [...shown, activeOverflowing] : shown;
  const commitRename = () => {
    if (renaming) props.onRename(renaming.id, renaming.title);
    setRenaming(null);
  };
  return (
    <Group gap="xs" wrap="nowrap" data-testid="dashboard-pages" pl={15}>
      <Tabs value={activeId} onChange={(value) => value && props.onSelect(value)} style={{ minWidth: 0 }}>
        <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto" }}>
          {tabs.map((page) => (
            <Tabs.Tab
              key={page.id}
              value={page.id}
              onDoubleClick={editable ? () => setRenaming({ id: page.id, title: page.title }) : undefined}
              rightSection={editable && page.id === activeId && renaming?.id !== page.id
                ? <PageMenu {...props} page={page} onRenameStart={() => setRenaming({ id: page.id, title: page.title })} onDeleteStart={() => setDeleting(page.id)} />
                : undefined}
            >
              {renaming?.id === page.id
                ? (
                  <TextInput
                    size="xs"
                    aria-label="Page title"
                    value={renaming.title}
                    maxLength={PAGE_TITLE_MAX_LENGTH}
                    autoFocus
                    onClick={(event) => event.stopPropagation()}
                    onChange={(event) => setRenaming({ id: page.id, title: event.currentTarget.value })}
                    onBlur={commitRename}
                    onKeyDown={(event) => {
                      event.stopPropagation();
                      if (event.key === "Enter") commitRename();
                      if (event.key === "Escape") setRenaming(null);
                    }}
                  />
                )
                : page.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {overflow.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label="More pages" title="more">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {overflow.map((page) => (
              <Menu.Item key={page.id} onClick={() => props.onSelect(page.id)}>{page.title}</Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {editable && (
        <>
          <ActionIcon variant="subtle" aria-label="Create new page" title="Create new page" onClick={props.onAdd}>
            <IconPlus size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label="Configure pages" title="Configure pages" onClick={props.onConfigure}>
            <IconSettings size={16} />
          </ActionIcon>
        </>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete page"
        confirmText="Delete"
        confirmColor="red"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) props.onDelete(deleting);
          setDeleting(null);
        }}
      >
        {DELETE_PAGE_QUESTION}
      </ConfirmDialog>
    </Group>
  );
}

function PageMenu(props: Props & { page: DashboardPage; onRenameStart(): void; onDeleteStart(): void }) {
  const { page } = props;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          component="span"
          role="button"
          tabIndex={0}
          variant="subtle"
          size="xs"
          aria-label={`Actions of page ${page.title}`}
          onClick={(event) => event.stopPropagation()}
        >
          <IconChevronDown size={12} />
        </ActionIcon>
      </Menu.Target>
      {/* A click on an item stays in the menu: through React's tree it would reach the tab and select it again. */}
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={props.onRenameStart}>Edit Title</Menu.Item>
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => props.onDuplicate(page.id)}>Duplicate</Menu.Item>
        <Menu.Item leftSection={<IconLayoutDashboard size={14} />} onClick={() => props.onCopyToDashboard(page.id)}>Copy to Dashboard</Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} disabled={props.pages.length <= 1} onClick={props.onDeleteStart}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
