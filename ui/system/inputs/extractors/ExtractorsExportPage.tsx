import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { PageLayout } from "../../../shell/PageLayout.tsx";
import { extractorsQueryOptions, inputQueryOptions } from "./extractor-queries.ts";
import { exportDocument } from "./logic/extractor-export.ts";
import { extractorsHref } from "./logic/extractor-list.ts";

/** Export extractors: the input's extractors as a JSON document to copy and import elsewhere. */
export function ExtractorsExportPage() {
  const { inputId = "", nodeId } = useParams();
  const input = useQuery(inputQueryOptions(inputId));
  const extractors = useQuery(extractorsQueryOptions(inputId));
  const document = extractors.data ? exportDocument(extractors.data.extractors) : "";
  return (
    <PageLayout
      title={input.data ? `Export extractors of ${input.data.title}` : "Export extractors"}
      description="The extractors of this input as JSON: copy it and import it into another input."
      actions={<Button component={Link} to={extractorsHref({ inputId, nodeId })} variant="default">Back to extractors</Button>}
    >
      {extractors.error && <Alert color="red">{extractors.error.message}</Alert>}
      <Stack gap="sm" maw={900}>
        <Textarea label="Extractors JSON" readOnly autosize minRows={10} maxRows={30} value={document} styles={{ input: { fontFamily: "monospace" } }} />
        <Group>
          <CopyButton value={document}>{({ copied, copy }) => <Button onClick={copy}>{copied ? "Copied" : "Copy to clipboard"}</Button>}</CopyButton>
          <Text size="sm" c="dimmed">{extractors.data?.total ?? 0} extractors</Text>
        </Group>
      </Stack>
    </PageLayout>
  );
}
