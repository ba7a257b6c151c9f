import { Alert, Button, Code, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { threadDumpQueryOptions } from "./node-queries.ts";

/** /system/threaddump/{id}: the node's threads as it reports them, taken when the page opens. */
export function ThreadDumpPage() {
  const { nodeId = "" } = useParams();
  const dump = useQuery(threadDumpQueryOptions(nodeId));
  return (
    <PageLayout
      title="Thread dump"
      description={`The threads of node ${nodeId.slice(0, 8)} and where they were when this page was opened.`}
      topActions={<Button variant="default" component={Link} to={paths.node.href({ nodeId })}>Node details</Button>}
      actions={<Button variant="default" onClick={() => void dump.refetch()}>Take a new dump</Button>}
    >
      {dump.isError && <Alert color="red">{failureMessage(dump.error)}</Alert>}
      {!dump.data && !dump.isError && <Text c="dimmed">Loading…</Text>}
      {dump.data && <Code block data-testid="thread-dump">{dump.data.threaddump}</Code>}
    </PageLayout>
  );
}
