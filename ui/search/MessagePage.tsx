import { Box, Paper, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { FetchError } from "../api/fetch-error.ts";
import { MissingStreamPermissionsPage } from "../errors/MissingStreamPermissionsPage.tsx";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { LoadingPage } from "../shell/LoadingPage.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { toMessageRow } from "../widgets/messages/logic/message-rows.ts";
import { MessageDetails } from "../widgets/messages/MessageDetails.tsx";
import { messageQueryOptions } from "./search-queries.ts";
import { useSearchTimezone } from "./use-search-timezone.ts";

/** /messages/{index}/{id}: one stored message (spec 001 §2 'Message view'). */
export function MessagePage() {
  const { index = "", messageId = "" } = useParams();
  const timezone = useSearchTimezone();
  const message = useQuery(messageQueryOptions(index, messageId));
  useDocumentTitle(message.data ? `Message ${messageId}` : null);
  if (message.error instanceof FetchError) {
    if (message.error.status === 403 && message.error.body?.type === "MissingStreamPermission") {
      return <MissingStreamPermissionsPage streams={message.error.body.streams ?? []} />;
    }
    if (message.error.status === 404) return <NotFoundPage />;
  }
  if (message.isError) throw message.error;
  if (!message.data) return <LoadingPage text="Loading message..." />;
  const row = toMessageRow({ message: message.data.message, index: message.data.index });
  return (
    <Box px="lg" py="md">
      <Paper withBorder p="md">
        <Title order={1} size="h3" mb="xs">Message {row.id}</Title>
        <MessageDetails message={row} timezone={timezone} showPermalink={false} />
      </Paper>
    </Box>
  );
}
