import { useQuery } from "@tanstack/react-query";
import { Navigate, useParams } from "react-router";
import { PageLayout } from "../shell/PageLayout.tsx";
import { definitionQueryOptions, eventsSearchQueryOptions } from "./alert-queries.ts";
import { definitionReplayRange, replaySearchHref } from "./logic/replay-search.ts";

/**
 * /alerts/{id}/replay-search and /alerts/definitions/{id}/replay-search: the search page with the definition's
 * query and streams over the event's time range (or the definition's last window).
 */
export function ReplaySearchRedirect() {
  const { alertId, definitionId } = useParams();
  const events = useQuery({
    ...eventsSearchQueryOptions({ query: `id:${alertId ?? ""}`, timerange: { type: "relative", range: 0 }, per_page: 1 }),
    enabled: alertId !== undefined,
  });
  const event = events.data?.events[0]?.event;
  const id = definitionId ?? event?.event_definition_id;
  const definition = useQuery({ ...definitionQueryOptions(id ?? ""), enabled: id !== undefined });
  if (alertId !== undefined && events.data && !event) return <PageLayout title="Replay search">Event {alertId} was not found.</PageLayout>;
  if (definition.isError) return <PageLayout title="Replay search">The event definition was not found.</PageLayout>;
  if (!definition.data) return <PageLayout title="Replay search">Loading…</PageLayout>;
  const { config } = definition.data;
  const range = event?.timerange_start && event.timerange_end
    ? { from: event.timerange_start, to: event.timerange_end }
    : definitionReplayRange(config.search_within_ms, Date.now());
  return <Navigate replace to={replaySearchHref({ query: config.query, streams: config.streams, ...range })} />;
}
