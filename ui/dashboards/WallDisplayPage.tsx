import { Box, Center, Group, Loader, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { failureMessage, FetchError } from "../api/fetch-error.ts";
import { ErrorPage } from "../errors/ErrorPage.tsx";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { savedSearchQueryOptions } from "../search/search-queries.ts";
import { useSearchTimezone } from "../search/use-search-timezone.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { highlightColor } from "../view/highlighting-rules.ts";
import { useViewJob } from "../view/use-view-job.ts";
import { viewQueryOptions } from "../views/view-queries.ts";
import { WidgetArea } from "../widgets/WidgetArea.tsx";
import { dashboardJob, dashboardPagesOf, type LoadedDashboard } from "./logic/dashboard-wire.ts";
import { effectiveOverride } from "./logic/dashboard-opening.ts";
import { cycledTab, readWallDisplayConfig } from "./logic/wall-display.ts";

/**
 * The wall display /dashboards/tv/{viewId} (spec 001 §2, §4): no surrounding layout; the view title and the current
 * page's title; the chosen pages in turn every `interval` seconds, wrapping around; the data refreshed every
 * `refresh` seconds. The dashboard's own time ranges apply, and a global override or filter in the URL as well.
 */
export function WallDisplayPage() {
  const { viewId = "" } = useParams();
  const view = useQuery(viewQueryOptions(viewId));
  const searchId = view.data?.search_id;
  const search = useQuery({ ...savedSearchQueryOptions(searchId ?? ""), enabled: searchId !== undefined });
  const error = view.error ?? search.error;
  if (error instanceof FetchError && error.status === 404) return <NotFoundPage />;
  if (error) return <ErrorPage title="Something went wrong" description={failureMessage(error)} />;
  if (!view.data || !search.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return <WallDisplay loaded={{ view: view.data, search: search.data }} />;
}

function WallDisplay({ loaded }: { loaded: LoadedDashboard }) {
  const [params] = useSearchParams();
  const timezone = useSearchTimezone();
  const pages = useMemo(() => dashboardPagesOf(loaded), [loaded]);
  const config = readWallDisplayConfig(params, pages.length);
  const override = effectiveOverride(params);
  const [ticks, setTicks] = useState(0);
  const [run, setRun] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((current) => current + 1), config.intervalSeconds * 1000);
    return () => clearInterval(timer);
  }, [config.intervalSeconds]);
  useEffect(() => {
    const timer = setInterval(() => setRun((current) => current + 1), config.refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [config.refreshSeconds]);
  const job = useViewJob(dashboardJob(pages, timezone, override, {}, run));
  const page = pages[cycledTab(config.tabs, ticks)] ?? pages[0];
  useDocumentTitle(loaded.view.title);
  if (!page) return <Text p="md">{loaded.view.title}</Text>;
  const result = job.queryResult(page.id);
  return (
    <Box p="sm" mih="100vh" data-testid="wall-display">
      <Group justify="space-between" mb="sm">
        <Title order={1} size="h3">{loaded.view.title}</Title>
        <Title order={2} size="h4" c="dimmed" data-testid="wall-display-page">{page.title}</Title>
      </Group>
      <WidgetArea
        view={page.widgets}
        onViewChange={() => undefined}
        results={result?.widgets}
        focus={{ mode: "none" }}
        draft={null}
        onDraftChange={() => undefined}
        previewing={false}
        pages={{}}
        onPageChange={() => undefined}
        editable={false}
        context={{
          timezone,
          fieldTypes: [],
          highlighting: page.widgets.highlighting,
          cellColor: (field, value) => highlightColor(page.widgets.highlighting, field, value, []),
          query: page.search.query,
          onQueryChange: () => undefined,
          onTimeRangeChange: () => undefined,
          onValueAction: () => undefined,
        }}
      />
    </Box>
  );
}
