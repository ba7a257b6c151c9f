import { ActionIcon, Badge, Button, Group, Select, Switch, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { usePermissions } from "../../session/current-user.tsx";
import { ConfigurationSection } from "./ConfigurationSection.tsx";
import { isValidRegex, saveUrlWhitelist, urlWhitelistQueryOptions } from "./configuration-queries.ts";
import {
  entryErrors,
  hasErrors,
  WHITELIST_VALIDATION_DEBOUNCE_MS,
  type WhitelistEntryDraft,
  type WhitelistEntryType,
} from "./logic/url-whitelist-entry.ts";

const TYPES: { value: WhitelistEntryType; label: string }[] = [
  { value: "literal", label: "Exact match" },
  { value: "regex", label: "Regex" },
];

/** The URL allow-list: outgoing URLs (HTTP notifications, adapters) must match an entry unless it is disabled. */
export function UrlWhitelistConfigSection() {
  const whitelist = useQuery(urlWhitelistQueryOptions());
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("urlwhitelist:write");
  const [disabled, setDisabled] = useState(false);
  const [entries, setEntries] = useState<WhitelistEntryDraft[]>([]);
  const [debounced] = useDebouncedValue(entries, WHITELIST_VALIDATION_DEBOUNCE_MS);
  const [regexVerdicts, setRegexVerdicts] = useState<Record<string, boolean>>({});
  useEffect(() => {
    let current = true;
    const unknown = [...new Set(debounced.filter((e) => e.type === "regex" && e.value.trim() !== "").map((e) => e.value))]
      .filter((value) => !(value in regexVerdicts));
    for (const value of unknown) {
      isValidRegex(value).then(
        (valid) => current && setRegexVerdicts((verdicts) => ({ ...verdicts, [value]: valid })),
        () => {},
      );
    }
    return () => {
      current = false;
    };
  }, [debounced]);
  // Errors follow the debounced entries: a field is judged 200 ms after the last keystroke.
  const errors = new Map(debounced.map((entry) => [entry.id, entryErrors(entry, regexVerdicts[entry.value])]));
  const update = (id: string, change: Partial<WhitelistEntryDraft>) =>
    setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  return (
    <ConfigurationSection
      title="URL Whitelist Configuration"
      description="Outgoing HTTP requests (notifications, lookup adapters) may only go to URLs that match an entry."
      summary={
        whitelist.data && (
          <>
            <Text size="sm">Allow-list {whitelist.data.disabled ? <Badge color="gray">disabled</Badge> : <Badge color="green">enabled</Badge>}</Text>
            {whitelist.data.entries.length === 0
              ? <Text size="sm" c="dimmed">No entries: no outgoing URL is allowed.</Text>
              : (
                <Table data-testid="url-whitelist">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Title</Table.Th>
                      <Table.Th>URL</Table.Th>
                      <Table.Th>Type</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {whitelist.data.entries.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td>{entry.title}</Table.Td>
                        <Table.Td>{entry.value}</Table.Td>
                        <Table.Td>{entry.type === "literal" ? "Exact match" : "Regex"}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
          </>
        )
      }
      onEdit={() => {
        setDisabled(whitelist.data?.disabled ?? false);
        setEntries(whitelist.data?.entries.map((entry) => ({ ...entry })) ?? []);
      }}
      form={mayEdit && (
        <>
          <Switch label="Disable Whitelist" checked={disabled} onChange={(event) => setDisabled(event.currentTarget.checked)} />
          {entries.map((entry, position) => (
            <Group key={entry.id} align="flex-start" wrap="nowrap" data-testid="whitelist-entry">
              <Text size="sm" pt={6}>{position + 1}</Text>
              <TextInput aria-label="Title" placeholder="Title" value={entry.title} error={errors.get(entry.id)?.title} onChange={(e) => update(entry.id, { title: e.currentTarget.value })} />
              <TextInput style={{ flex: 1 }} aria-label="URL" placeholder="URL" value={entry.value} error={errors.get(entry.id)?.value} onChange={(e) => update(entry.id, { value: e.currentTarget.value })} />
              <Select aria-label="Type" data={TYPES} value={entry.type} allowDeselect={false} w={140} onChange={(type) => type && update(entry.id, { type: type as WhitelistEntryType })} />
              <ActionIcon variant="default" mt={4} aria-label={`Remove entry ${position + 1}`} onClick={() => setEntries((list) => list.filter((e) => e.id !== entry.id))}>
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button size="xs" variant="default" onClick={() => setEntries((list) => [...list, { id: crypto.randomUUID(), title: "", value: "", type: "literal" }])}>
              Add Url
            </Button>
          </Group>
        </>
      )}
      onSave={async () => {
        const verdicts = await Promise.all(entries.map(async (entry) =>
          entryErrors(entry, entry.type === "regex" && entry.value.trim() !== "" ? await isValidRegex(entry.value) : undefined)
        ));
        setRegexVerdicts({});
        if (verdicts.some(hasErrors)) return false;
        await saveUrlWhitelist(queryClient, { disabled, entries });
        return true;
      }}
    />
  );
}
