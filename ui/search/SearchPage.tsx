import { Box, Button, Group, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { IconDownload } from "@tabler/icons-react";
import { useAtom } from "jotai";
import { useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { ErrorPage } from "../errors/ErrorPage.tsx";
import { usePermissions } from "../session/current-user.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { ExportDialog } from "./export/ExportDialog.tsx";
import { MESSAGES_PAGE_SIZE, type SearchDefinition, type SortOrder, toWireTimeRange } from "./logic/search-request.ts";
import { formatTimestamp } from "./logic/time-format.ts";
import { rangePresets } from "./logic/time-presets.ts";
import { parseSearchUrl, type SearchUrlState, toSearchParams } from "./logic/url-state.ts";
import { MessageCountWidget } from "./MessageCountWidget.tsx";
import { MessageTable } from "./MessageTable.tsx";
import { SearchBar } from "./SearchBar.tsx";
import { fieldTypesQueryOptions, searchConfigQueryOptions, searchJobQueryOptions, streamsQueryOptions } from "./search-queries.ts";
import { tableFieldsAtom } from "./search-state.ts";
import { currentFieldNames } from "./sidebar/field-list.ts";
import { FieldsSection } from "./sidebar/FieldsSection.tsx";
import { DescriptionSection, SearchSidebar } from "./sidebar/SearchSidebar.tsx";
import { useSearchTimezone } from "./use-search-timezone.ts";
import { WidgetFrame } from "./WidgetFrame.tsx";
import { FetchError } from "../api/fetch-error.ts";
import { DEFAULT_RELATIVE_TIMERANGE_OPTIONS } from "../../api/schemas/relative-timerange-options.ts";

/** Elasticsearch's default result window: offset + limit may not pass it. */
const RESULT_WINDOW_LIMIT = 10_000;
export const UPDATING_TEXT = "Updating search results...";

/**
 * The default new search (spec 001 §2, §3): search bar, 'Message Count' and 'All Messages', run as one search
 * job; at /streams/{streamId}/search the stream is preselected.
 */
export function SearchPage() {
  const { streamId } = useParams();
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseSearchUrl(params, streamId ? [streamId] : []), [params, streamId]);
  useDocumentTitle("Search");
  if (!parsed.ok) return <ErrorPage title="Something went wrong" description={parsed.error} />;
  return <SearchView submitted={parsed.state} onSubmit={(state) => setParams(toSearchParams(state))} />;
}

interface ViewProps {
  submitted: SearchUrlState;
  onSubmit: (state: SearchUrlState) => void;
}

function SearchView({ submitted, onSubmit }: ViewProps) {
  const timezone = useSearchTimezone();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortOrder>("DESC");
  // Each submit runs the search again, even with an unchanged form (relative ranges move on).
  const [run, setRun] = useState(0);
  // Users without clusterconfigentry:read get the default presets instead of a 403.
  const mayReadConfig = usePermissions().isPermitted("clusterconfigentry:read");
  const config = useQuery({ ...searchConfigQueryOptions(), enabled: mayReadConfig });
  const streams = useQuery(streamsQueryOptions());
  const definition: SearchDefinition = useMemo(() => ({ ...submitted, sort, timezone }), [submitted, sort, timezone]);
  const job = useQuery({ ...searchJobQueryOptions(definition, page, run), placeholderData: keepPreviousData });
  const presets = useMemo(
    () => rangePresets(config.data?.relative_timerange_options ?? DEFAULT_RELATIVE_TIMERANGE_OPTIONS, config.data?.query_time_range_limit),
    [config.data],
  );
  const result = job.data;
  const fieldTypes = useQuery(fieldTypesQueryOptions(submitted.streams, submitted.timerange, timezone));
  const [tableFields, setTableFields] = useAtom(tableFieldsAtom);
  const [exportOpened, setExportOpened] = useState(false);
  const presentFields = useMemo(() => currentFieldNames(result?.messages ?? []), [result]);
  const submit = (state: SearchUrlState) => {
    setPage(1);
    setRun((r) => r + 1);
    onSubmit(state);
  };
  const toggleTableField = (field: string) =>
    setTableFields((current) => current.includes(field) ? current.filter((name) => name !== field) : [...current, field]);

  return (
    <Group gap={0} align="stretch" wrap="nowrap" mih="100%">
      <SearchSidebar
        sections={{
          description: (
            <DescriptionSection
              durationMs={result ? result.durationMs : null}
              executedAt={result?.executedAt ?? null}
              formatTime={(iso) => formatTimestamp(iso, timezone, false)}
            />
          ),
          fields: (
            <FieldsSection
              fieldTypes={fieldTypes.data ?? undefined}
              loading={fieldTypes.isLoading}
              currentFieldNames={presentFields}
              total={result?.total ?? 0}
              tableFields={tableFields}
              onToggleTableField={toggleTableField}
              query={submitted.query}
              onQueryChange={(query) => submit({ ...submitted, query })}
              streams={submitted.streams}
              timerange={submitted.timerange}
              timezone={timezone}
              run={run}
            />
          ),
        }}
      />
      <Box px="md" py="sm" style={{ flex: 1, minWidth: 0 }}>
        <VisuallyHidden><Title order={1}>Search</Title></VisuallyHidden>
        <Stack gap="sm">
          <SearchBar
            submitted={submitted}
            onSubmit={submit}
            streams={streams.data?.streams ?? []}
            presets={presets}
            timezone={timezone}
            searching={job.isFetching}
          />
          <Group gap="xs" mih={20}>
            {job.isFetching && (
              <>
                <Loader size="xs" />
                <Text size="sm" c="dimmed" data-testid="search-updating">{UPDATING_TEXT}</Text>
              </>
            )}
            {!job.isFetching && result && (
              <Text size="xs" c="dimmed">Query executed in {result.durationMs} ms.</Text>
            )}
          </Group>
          {job.isError && (
            <WidgetFrame title="All Messages" errors={[searchFailureText(job.error)]}>{null}</WidgetFrame>
          )}
          {result && (
            <SimpleGrid cols={1} spacing="sm" style={{ opacity: job.isPlaceholderData ? 0.6 : 1 }}>
              <WidgetFrame
                title="Message Count"
                errors={result.histogramErrors}
                actions={<Text size="sm" c="dimmed">{result.total} messages</Text>}
              >
                <MessageCountWidget buckets={result.histogram} timezone={timezone} />
              </WidgetFrame>
              <WidgetFrame
                title="All Messages"
                errors={result.messageErrors}
                actions={
                  <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => setExportOpened(true)}>
                    Export
                  </Button>
                }
              >
                <MessageTable
                  extraFields={tableFields}
                  messages={result.messages}
                  total={result.total}
                  page={page}
                  pageSize={MESSAGES_PAGE_SIZE}
                  resultWindowLimit={result.resultWindowLimit ?? RESULT_WINDOW_LIMIT}
                  onPageChange={setPage}
                  sort={sort}
                  onSortChange={(next) => {
                    setSort(next);
                    setPage(1);
                  }}
                  timezone={timezone}
                />
              </WidgetFrame>
            </SimpleGrid>
          )}
        </Stack>
        <ExportDialog
          opened={exportOpened}
          onClose={() => setExportOpened(false)}
          availableFields={(fieldTypes.data ?? []).map((field) => field.name)}
          query={submitted.query}
          timerange={toWireTimeRange(submitted.timerange, timezone)}
          streams={submitted.streams}
          title={null}
        />
      </Box>
    </Group>
  );
}

function searchFailureText(error: unknown): string {
  if (error instanceof FetchError) return error.bodyMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
