import { Button, Code, Group, Stack, Text } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { useState } from "react";
import { ErrorPage } from "./ErrorPage.tsx";

interface Props {
  error: unknown;
}

/** 'Something went wrong.' with the error and stack behind Show more / Show less, copyable (spec 000 §2.4). */
export function RenderErrorPage({ error }: Props) {
  const [expanded, setExpanded] = useState(false);
  const clipboard = useClipboard({ timeout: 1500 });
  const err = error instanceof Error ? error : new Error(String(error));
  const details = `${err.name}: ${err.message}\n${err.stack ?? ""}`;
  return (
    <ErrorPage title="Something went wrong." description="The page could not be displayed because of an error.">
      <Stack gap="xs">
        <Text ff="monospace" size="sm" data-testid="render-error-message">{err.message}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setExpanded(!expanded)}>{expanded ? "Show less" : "Show more"}</Button>
          <Button size="xs" variant="default" onClick={() => clipboard.copy(details)}>{clipboard.copied ? "Copied!" : "Copy error"}</Button>
        </Group>
        {expanded && <Code block data-testid="render-error-stack">{details}</Code>}
      </Stack>
    </ErrorPage>
  );
}
