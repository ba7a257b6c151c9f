import { Alert, Button, Group, Stack, Textarea } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { failureMessage } from "../../../api/fetch-error.ts";
import { toastSuccess } from "../../../common/toast.ts";
import { PageLayout } from "../../../shell/PageLayout.tsx";
import { createExtractor, inputQueryOptions, invalidateExtractors } from "./extractor-queries.ts";
import { importRequests } from "./logic/extractor-export.ts";
import { extractorsHref } from "./logic/extractor-list.ts";

/** Import extractors: a pasted export document; each extractor is added to this input after its own. */
export function ExtractorsImportPage() {
  const { inputId = "", nodeId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useQuery(inputQueryOptions(inputId));
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const importAll = async () => {
    setError(null);
    setImporting(true);
    let added = 0;
    try {
      for (const request of importRequests(text)) {
        await createExtractor(inputId, request);
        added++;
      }
      toastSuccess(`${added} extractors imported successfully`);
      navigate(extractorsHref({ inputId, nodeId }));
    } catch (failure) {
      setError(`${added > 0 ? `${added} extractors were added, then: ` : ""}${failure instanceof Error && !("status" in failure) ? failure.message : failureMessage(failure)}`);
    } finally {
      setImporting(false);
      await invalidateExtractors(queryClient);
    }
  };
  return (
    <PageLayout
      title={input.data ? `Import extractors to ${input.data.title}` : "Import extractors"}
      description="Paste extractors exported from an input (their JSON) to add them to this one."
      actions={<Button component={Link} to={extractorsHref({ inputId, nodeId })} variant="default">Back to extractors</Button>}
    >
      <Stack gap="sm" maw={900}>
        <Textarea label="Extractors JSON" autosize minRows={10} maxRows={30} value={text} onChange={(event) => setText(event.currentTarget.value)}
          styles={{ input: { fontFamily: "monospace" } }} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group>
          <Button loading={importing} disabled={text.trim() === ""} onClick={() => void importAll()}>Add extractors to input</Button>
        </Group>
      </Stack>
    </PageLayout>
  );
}
