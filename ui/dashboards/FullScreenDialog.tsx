import { Button, Checkbox, Group, Modal, NumberInput, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../shared/paths.ts";
import type { DashboardPage } from "./logic/dashboard-pages.ts";
import { DEFAULT_CYCLE_INTERVAL_S, DEFAULT_REFRESH_INTERVAL_S, intervalError, wallDisplayParams } from "./logic/wall-display.ts";

interface Props {
  opened: boolean;
  viewId: string;
  pages: readonly DashboardPage[];
  onClose(): void;
}

/**
 * The full-screen configuration (spec 001 §2, §5): refresh and page cycle intervals (required, minimum 1, defaults
 * 10 and 30 s) and the pages to cycle through (all by default); Launch opens the wall display.
 */
export function FullScreenDialog({ opened, viewId, pages, onClose }: Props) {
  const navigate = useNavigate();
  const [refresh, setRefresh] = useState<number | string>(DEFAULT_REFRESH_INTERVAL_S);
  const [interval, setCycle] = useState<number | string>(DEFAULT_CYCLE_INTERVAL_S);
  const [tabs, setTabs] = useState<string[]>(pages.map((_, index) => String(index)));
  useEffect(() => {
    if (opened) setTabs(pages.map((_, index) => String(index)));
  }, [opened, pages.length]);
  const refreshError = intervalError(refresh);
  const intervalErrorText = intervalError(interval);
  const invalid = refreshError !== null || intervalErrorText !== null || tabs.length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title="Configuring Full Screen">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (invalid) return;
          const params = wallDisplayParams(
            { tabs: tabs.map(Number), intervalSeconds: Number(interval), refreshSeconds: Number(refresh) },
            pages.length,
          );
          navigate(`${paths.dashboardTv.href({ viewId })}?${params}`);
        }}
      >
        <Stack gap="sm">
          <NumberInput label="Refresh Interval" description="Seconds between data refreshes" required min={1} step={1} allowDecimal={false} value={refresh} onChange={setRefresh} error={refreshError} />
          <NumberInput label="Tab cycle interval" description="Seconds between page switches" required min={1} step={1} allowDecimal={false} value={interval} onChange={setCycle} error={intervalErrorText} />
          <Checkbox.Group label="Tabs" value={tabs} onChange={setTabs}>
            <Stack gap={4} mt={4}>
              {pages.map((page, index) => <Checkbox key={page.id} value={String(index)} label={page.title} />)}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={invalid}>Launch</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
