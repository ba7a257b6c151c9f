import { Alert, Button, Pagination, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { indexFailureCountQueryOptions, indexFailuresQueryOptions } from "./index-set-queries.ts";
import { formatCount } from "./logic/index-set-form.ts";

const PER_PAGE = 50;
const DAY_MS = 86_400_000;

/** /system/indices/failures: messages the store could not index, with their count of the last 24 hours, paged. */
export function IndexFailuresPage() {
  const [page, setPage] = useState(1);
  // The window starts when the page opens; a fixed value keeps the query key stable across refreshes.
  const [since] = useState(() => new Date(Date.now() - DAY_MS).toISOString());
  const failures = useQuery({ ...indexFailuresQueryOptions(page, PER_PAGE), placeholderData: keepPreviousData });
  const count = useQuery(indexFailureCountQueryOptions(since));
  const total = failures.data?.total ?? 0;

  return (
    <PageLayout
      title="Indexer failures"
      description="This is a list of message index attempts that failed. A failure means that a message you sent could not be properly indexed into the search backend (for example because of a mapping conflict)."
      topActions={<Button variant="default" component={Link} to={paths.indices.href()}>Index sets overview</Button>}
    >
      {failures.isError && <Alert color="red">{failureMessage(failures.error)}</Alert>}
      {count.data && (
        <Text size="sm" data-testid="failure-count">
          {formatCount(count.data.count)} indexer {count.data.count === 1 ? "failure" : "failures"} in the last 24 hours, {formatCount(total)} in total.
        </Text>
      )}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Timestamp</Table.Th>
            <Table.Th>Index</Table.Th>
            <Table.Th>Letter ID</Table.Th>
            <Table.Th>Error message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {failures.data?.failures.map((failure) => (
            <Table.Tr key={failure.letter_id}>
              <Table.Td>{new Date(failure.timestamp).toLocaleString()}</Table.Td>
              <Table.Td><Text ff="monospace" size="sm">{failure.index}</Text></Table.Td>
              <Table.Td><Text ff="monospace" size="sm">{failure.letter_id}</Text></Table.Td>
              <Table.Td>{failure.message}</Table.Td>
            </Table.Tr>
          ))}
          {failures.data && total === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">There are no indexer failures. The embedded store keeps a message whose field has a conflicting type and leaves that field out instead of failing it.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {total > PER_PAGE && <Pagination total={Math.ceil(total / PER_PAGE)} value={page} onChange={setPage} />}
    </PageLayout>
  );
}
