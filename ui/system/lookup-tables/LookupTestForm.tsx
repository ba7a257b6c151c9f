import { Alert, Button, Code, Group, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import type { LookupResult } from "../../../api/schemas/lookup-tables.ts";
import { failureMessage } from "../../api/fetch-error.ts";

interface Props {
  label: string;
  /** Looks the key up (a table through its cache, an adapter directly). */
  lookup(key: string): Promise<LookupResult | null>;
}

/** 'Test lookup': a key and the result as JSON, or the error the lookup answered. */
export function LookupTestForm({ label, lookup }: Props) {
  const [key, setKey] = useState("");
  const [result, setResult] = useState<LookupResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    setFailure(null);
    try {
      setResult(await lookup(key));
    } catch (error) {
      setResult(null);
      setFailure(failureMessage(error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <Stack gap="sm">
        <Group align="flex-end">
          <TextInput label="Key" description="The key to look up a value for." value={key} onChange={(event) => setKey(event.currentTarget.value)} w={360} />
          <Button type="submit" loading={running} disabled={key.trim() === ""}>Look up</Button>
        </Group>
        {failure && <Alert color="red">{failure}</Alert>}
        {result?.has_error && <Alert color="red">The lookup answered with an error: the data adapter could not look the key up.</Alert>}
        {result && <Code block aria-label="Lookup result">{JSON.stringify(result, null, 2)}</Code>}
      </Stack>
    </form>
  );
}
