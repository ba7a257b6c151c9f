import { Alert, Button, Group, Menu, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { IconChevronDown } from "@tabler/icons-react";
import type { StreamSummary, StreamTestMatchResponse } from "../../../../api/schemas/streams.ts";
import { errorToastText } from "../../../api/fetch-error.ts";
import { testMessageAgainstStream } from "./message-details-queries.ts";

interface Props {
  streams: readonly StreamSummary[];
  fields: Record<string, unknown>;
}

export const DEFAULT_STREAM_TEST_TITLE = "Cannot test against the default stream";
export const NO_STREAMS_TEXT = "No streams available";

/**
 * 'Test against stream' (spec 001 §2): pick a stream, its rules are evaluated on the message's fields by the
 * server, and the answer is shown under the actions. The default stream has no rules to test.
 */
export function StreamTestMenu({ streams, fields }: Props) {
  const test = useMutation({ mutationFn: (stream: StreamSummary) => testMessageAgainstStream(stream.id, fields).then((result) => ({ stream, result })) });
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} />} loading={test.isPending}>Test against stream</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {streams.length === 0 && <Menu.Label>{NO_STREAMS_TEXT}</Menu.Label>}
          {streams.map((stream) => (
            <Menu.Item
              key={stream.id}
              disabled={stream.is_default}
              title={stream.is_default ? DEFAULT_STREAM_TEST_TITLE : undefined}
              onClick={() => test.mutate(stream)}
            >
              {stream.title}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {(test.data || test.error) && <StreamTestAnswer data={test.data} error={test.error} />}
    </>
  );
}

function StreamTestAnswer({ data, error }: { data?: { stream: StreamSummary; result: StreamTestMatchResponse }; error: Error | null }) {
  if (error || !data) {
    return <Alert color="red" py={6} data-testid="stream-test-result" w="100%">{errorToastText(error)}</Alert>;
  }
  const verdicts = Object.values(data.result.rules);
  const matched = verdicts.filter(Boolean).length;
  return (
    <Alert color={data.result.matches ? "green" : "gray"} py={6} data-testid="stream-test-result" w="100%">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {data.result.matches ? `This message matches the stream "${data.stream.title}".` : `This message does not match the stream "${data.stream.title}".`}
        </Text>
        <Text size="sm" c="dimmed">{matched} of {verdicts.length} stream rules match.</Text>
      </Group>
    </Alert>
  );
}
