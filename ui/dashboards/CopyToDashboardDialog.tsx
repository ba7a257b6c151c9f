import { Button, Group, Modal, Pagination, Radio, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { dashboardListQueryOptions } from "./dashboard-queries.ts";
import { NO_DASHBOARDS_FOUND } from "./logic/dashboard-list.ts";
import { PICKER_FETCH_SIZE, pickerPage } from "./logic/dashboard-picker.ts";

/** Dashboard picker page sizes, default 5, sorted by title ascending (spec 001 §9). */
export const PICKER_PAGE_SIZES = [5, 10, 15] as const;

interface Props {
  opened: boolean;
  /** Left out of the list (the dashboard the widget is on). */
  excludeId?: string | null;
  onClose(): void;
  onSelect(dashboardId: string): void;
}

/** 'Copy to Dashboard' (spec 001 §2): a paged, searchable list of dashboards; Select copies there. */
export function CopyToDashboardDialog({ opened, excludeId = null, onClose, onSelect }: Props) {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PICKER_PAGE_SIZES[0]);
  const [chosen, setChosen] = useState<string | null>(null);
  // Every matching dashboard, so that the excluded one is left out before paging (full pages, a right count).
  const list = useQuery({
    ...dashboardListQueryOptions({ query, page: 1, perPage: PICKER_FETCH_SIZE, sort: { attributeId: "title", direction: "asc" } }),
    enabled: opened,
  });
  const { rows: dashboards, pages } = pickerPage(list.data?.elements ?? [], excludeId, page, perPage);
  return (
    <Modal opened={opened} onClose={onClose} title="Choose Target Dashboard">
      <Stack gap="sm">
        <TextInput
          placeholder="Search for dashboard"
          aria-label="Search for dashboard"
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
        />
        {list.isSuccess && dashboards.length === 0
          ? <Text c="dimmed">{NO_DASHBOARDS_FOUND}</Text>
          : (
            <Radio.Group value={chosen} onChange={setChosen} aria-label="Dashboards">
              <Stack gap={6}>
                {dashboards.map((view) => <Radio key={view.id} value={view.id} label={view.title} />)}
              </Stack>
            </Radio.Group>
          )}
        <Group justify="space-between">
          <Pagination size="sm" total={pages} value={page} onChange={setPage} />
          <Select
            size="xs"
            w={80}
            aria-label="Dashboards per page"
            data={PICKER_PAGE_SIZES.map(String)}
            value={String(perPage)}
            allowDeselect={false}
            onChange={(value) => {
              setPerPage(Number(value));
              setPage(1);
            }}
          />
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button disabled={chosen === null} onClick={() => chosen && onSelect(chosen)}>Select</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
