import { Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { DashboardPage } from "./logic/dashboard-pages.ts";

export const NO_PAGES_FOUND = "No pages found";

interface Props {
  opened: boolean;
  /** The pages the widget may go to (its own page excluded). */
  targets: readonly DashboardPage[];
  onClose(): void;
  onSelect(pageId: string): void;
}

/** 'Move to Page' (spec 001 §2, §5): a target page must be chosen; 'No pages found' when there is none. */
export function MoveToPageDialog({ opened, targets, onClose, onSelect }: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setChosen(null);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title="Choose Target Page">
      <Stack gap="sm">
        {targets.length === 0
          ? <Text c="dimmed">{NO_PAGES_FOUND}</Text>
          : (
            <Radio.Group value={chosen} onChange={setChosen} aria-label="Pages">
              <Stack gap={6}>
                {targets.map((page) => <Radio key={page.id} value={page.id} label={page.title} />)}
              </Stack>
            </Radio.Group>
          )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button disabled={chosen === null} onClick={() => chosen && onSelect(chosen)}>Select</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
