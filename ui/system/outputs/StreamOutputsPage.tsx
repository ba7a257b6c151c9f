import { Alert, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { errorToastText } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { STREAM_OUTPUTS_DESCRIPTION, streamOutputsTitle } from "./logic/output-list.ts";
import { streamQueryOptions } from "./output-queries.ts";
import { OutputsManager } from "./OutputsManager.tsx";

/** A stream's outputs (`/streams/{id}/outputs`): launch one attached to the stream, assign an existing one, remove one. */
export function StreamOutputsPage() {
  const { streamId = "" } = useParams();
  const stream = useQuery(streamQueryOptions(streamId));
  if (stream.isError) {
    return <PageLayout title="Stream outputs"><Alert color="red">{errorToastText(stream.error)}</Alert></PageLayout>;
  }
  if (!stream.data) return <PageLayout title="Stream outputs"><Text c="dimmed">Loading…</Text></PageLayout>;
  return (
    <PageLayout title={streamOutputsTitle(stream.data.title)} description={STREAM_OUTPUTS_DESCRIPTION}>
      <OutputsManager streamId={streamId} />
    </PageLayout>
  );
}
