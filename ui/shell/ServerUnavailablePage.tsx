import { Anchor, Button, Center, Code, Collapse, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { ServerFailure } from "../api/api-transport.ts";
import { DOCUMENTATION_URL } from "./HelpMenu.tsx";

interface Props {
  failure: ServerFailure | null;
}

/** Replaces everything while the server is down (spec 000 §2.6); the shell pings every 20 s. */
export function ServerUnavailablePage({ failure }: Props) {
  const [showDetails, setShowDetails] = useState(false);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" p="xl" maw={640} w="100%">
        <Stack>
          <Title order={2}>Server currently unavailable</Title>
          <Text>
            We are trying to reach the server. You will be redirected back automatically as soon as it is reachable again.
          </Text>
          <Text size="sm">
            Make sure the Sluice server is running. <Anchor href={DOCUMENTATION_URL} target="_blank" rel="noopener noreferrer">Need help?</Anchor>
          </Text>
          <Button variant="default" onClick={() => setShowDetails(!showDetails)} w="fit-content">
            {showDetails ? "Less details" : "More details"}
          </Button>
          <Collapse expanded={showDetails}>
            {failure
              ? (
                <Stack gap={4} data-testid="server-failure-details">
                  <Text size="sm"><b>Error message:</b> {failure.message}</Text>
                  <Text size="sm"><b>Original request:</b> {failure.method} {failure.url}</Text>
                  <Text size="sm"><b>Status code:</b> {failure.status ?? "none (no answer)"}</Text>
                  <Text size="sm"><b>Full error message:</b></Text>
                  <Code block>{failure.fullText}</Code>
                </Stack>
              )
              : <Text size="sm">There is no information available.</Text>}
          </Collapse>
        </Stack>
      </Paper>
    </Center>
  );
}
