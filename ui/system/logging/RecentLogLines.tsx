import { Alert, Code, ScrollArea, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { failureMessage } from "../../api/fetch-error.ts";
import { recentLogLinesQueryOptions } from "./logging-queries.ts";
import { LOGGING_TEXTS } from "./logic/logging-texts.ts";

const LINES = 200;

/** The newest lines of the server log, as the server wrote them (refreshed every 5 s). */
export function RecentLogLines() {
  const recent = useQuery(recentLogLinesQueryOptions(LINES));
  if (recent.isError) return <Alert color="red">{failureMessage(recent.error)}</Alert>;
  const lines = recent.data?.messages ?? [];
  if (recent.data && lines.length === 0) return <Text size="sm">{LOGGING_TEXTS.noLogLines}</Text>;
  return (
    <ScrollArea.Autosize mah={360}>
      <Code block data-testid="recent-log-lines">
        {lines.map((line) => `${line.timestamp} ${line.level.padEnd(5)} [${line.logger_name}] ${line.message}`).join("\n")}
      </Code>
    </ScrollArea.Autosize>
  );
}
