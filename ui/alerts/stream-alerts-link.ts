import { paths } from "../../shared/paths.ts";

/** `/alerts?stream_id=…`: the alerts page narrowed to the events caused by one stream's messages (a stream's 'Manage Alerts'). */
export const STREAM_FILTER_PARAM = "stream_id";

/** The alerts page of one stream. */
export const streamAlertsHref = (streamId: string) => `${paths.alerts.href()}?${new URLSearchParams({ [STREAM_FILTER_PARAM]: streamId })}`;
