import { Anchor, Badge, Box, CloseButton, Code, Group, Pagination, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "../../shared/paths.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";
import { PageLayout } from "../shell/PageLayout.tsx";
import { AlertsNavigation } from "./AlertsNavigation.tsx";
import { eventsSearchQueryOptions } from "./alert-queries.ts";
import { EventMessages } from "./EventMessages.tsx";
import { type AlertsFilter, foundText } from "./logic/alerts-list.ts";
import { STREAM_FILTER_PARAM } from "./stream-alerts-link.ts";
import { PRIORITIES } from "./logic/event-definition-form.ts";

const RANGES = [
  { value: "300", label: "Last 5 minutes" },
  { value: "3600", label: "Last 1 hour" },
  { value: "86400", label: "Last 1 day" },
  { value: "604800", label: "Last 7 days" },
  { value: "2592000", label: "Last 30 days" },
];
const PER_PAGE = 25;

/** /alerts (and `/alerts?stream_id=`): the events and alerts of a time range with filters and their details. */
export function AlertsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const streamId = searchParams.get(STREAM_FILTER_PARAM);
  const stream = useQuery({ ...resourceQueryOptions("/streams/{streamId}", { path: { streamId: streamId ?? "" } }), enabled: streamId !== null });
  const [alerts, setAlerts] = useState<AlertsFilter>("only");
  const [range, setRange] = useState("86400");
  const [query, setQuery] = useState("");
  const [submitted, setSubmitted] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const search = useQuery(eventsSearchQueryOptions({
    query: submitted.trim(),
    filter: { alerts, event_definitions: [], ...(streamId ? { streams: [streamId] } : {}) },
    page,
    per_page: PER_PAGE,
    timerange: { type: "relative", range: Number(range) },
    sort_by: "timestamp",
    sort_direction: "desc",
  }));
  const result = search.data;
  const definitionTitle = (id: string) => result?.context.event_definitions[id]?.title ?? id;

  return (
    <PageLayout title="Alerts & Events" description="Review alerts and events of the event definitions." topActions={<AlertsNavigation />}>
      <Stack>
        <Group align="flex-end">
          <SegmentedControl
            value={alerts}
            onChange={(value) => (setAlerts(value as typeof alerts), setPage(1))}
            data={[{ value: "only", label: "Alerts" }, { value: "exclude", label: "Events" }, { value: "include", label: "Both" }]}
          />
          <Select aria-label="Time range" data={RANGES} value={range} onChange={(value) => (setRange(value ?? "86400"), setPage(1))} allowDeselect={false} w={180} />
          <Box component="form" onSubmit={(event) => (event.preventDefault(), setSubmitted(query), setPage(1))} style={{ flex: 1 }}>
            <TextInput aria-label="Search events" placeholder="Find events, e.g. message:brute" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
          </Box>
        </Group>
        {streamId && (
          <Group gap="xs">
            <Text size="sm">Stream:</Text>
            <Badge
              variant="light"
              tt="none"
              data-testid="stream-filter"
              rightSection={
                <CloseButton size="xs" aria-label="Show the events of every stream" onClick={() => setSearchParams({})} />
              }
            >
              {stream.data?.title ?? streamId}
            </Badge>
          </Group>
        )}
        <Text size="sm" c="dimmed">{result ? foundText(result.total_events, alerts) : "Loading…"}</Text>
        <Paper withBorder>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Event Definition</Table.Th>
                <Table.Th>Priority</Table.Th>
                <Table.Th>Timestamp</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result && result.events.length === 0 && (
                <Table.Tr><Table.Td colSpan={6}><Text c="dimmed" size="sm">No Events found for the current search criteria.</Text></Table.Td></Table.Tr>
              )}
              {result?.events.map(({ event }) => (
                <Fragment key={event.id}>
                  <Table.Tr data-testid="event-row" style={{ cursor: "pointer" }} onClick={() => setOpen(open === event.id ? null : event.id)}>
                    <Table.Td>{event.message}</Table.Td>
                    <Table.Td>{event.key || "—"}</Table.Td>
                    <Table.Td><Badge color={event.alert ? "red" : "gray"} variant="light">{event.alert ? "Alert" : "Event"}</Badge></Table.Td>
                    <Table.Td>{definitionTitle(event.event_definition_id)}</Table.Td>
                    <Table.Td>{PRIORITIES.find((p) => p.value === String(event.priority))?.label ?? event.priority}</Table.Td>
                    <Table.Td>{event.timestamp}</Table.Td>
                  </Table.Tr>
                  {open === event.id && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>
                        <Stack gap={4}>
                          <Text size="sm"><b>ID:</b> {event.id}</Text>
                          <Text size="sm"><b>Timerange:</b> {event.timerange_start} – {event.timerange_end}</Text>
                          {Object.keys(event.group_by_fields).length > 0 && (
                            <Text size="sm"><b>Group-by fields:</b> <Code>{JSON.stringify(event.group_by_fields)}</Code></Text>
                          )}
                          {Object.keys(event.fields).length > 0 && <Text size="sm"><b>Additional fields:</b> <Code>{JSON.stringify(event.fields)}</Code></Text>}
                          <EventMessages event={event} />
                          <Group>
                            <Anchor component={Link} to={paths.alertReplay.href({ alertId: event.id })} size="sm">Replay search</Anchor>
                            <Anchor component={Link} to={paths.eventDefinition.href({ definitionId: event.event_definition_id })} size="sm">Event definition</Anchor>
                          </Group>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        {result && result.total_events > PER_PAGE && (
          <Pagination total={Math.ceil(result.total_events / PER_PAGE)} value={page} onChange={setPage} />
        )}
      </Stack>
    </PageLayout>
  );
}
