import { ActionIcon, Badge, Group, Switch, Table } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MessageProcessorsConfigWithDescriptors } from "../../../api/schemas/message-processors.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { ConfigurationSection } from "./ConfigurationSection.tsx";
import { messageProcessorsQueryOptions, saveMessageProcessors } from "./configuration-queries.ts";
import { moveProcessor, toggleProcessor } from "./logic/message-processors.ts";

/** The order and enablement of the message processors; the ingest chain follows a save from its next batch. */
export function MessageProcessorsConfigSection() {
  const config = useQuery(messageProcessorsQueryOptions());
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("clusterconfigentry:edit");
  const [draft, setDraft] = useState<MessageProcessorsConfigWithDescriptors | null>(null);
  return (
    <ConfigurationSection
      title="Message Processors Configuration"
      description="The following message processors are executed in order. Disabled processors will be skipped."
      summary={config.data && <ProcessorTable config={config.data} />}
      onEdit={() => setDraft(config.data ?? null)}
      form={mayEdit && config.data && <ProcessorTable config={draft ?? config.data} onChange={setDraft} />}
      onSave={async () => {
        if (!draft) return false;
        await saveMessageProcessors(queryClient, draft);
        return true;
      }}
    />
  );
}

function ProcessorTable({ config, onChange }: { config: MessageProcessorsConfigWithDescriptors; onChange?: (next: MessageProcessorsConfigWithDescriptors) => void }) {
  return (
    <Table data-testid="message-processors">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Processor</Table.Th>
          <Table.Th>Status</Table.Th>
          {onChange && <Table.Th>Order</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {config.processor_order.map((processor, position) => {
          const enabled = !config.disabled_processors.includes(processor.class_name);
          return (
            <Table.Tr key={processor.class_name}>
              <Table.Td>{position + 1}</Table.Td>
              <Table.Td>{processor.name}</Table.Td>
              <Table.Td>
                {onChange
                  ? <Switch aria-label={`${processor.name} enabled`} checked={enabled} onChange={() => onChange(toggleProcessor(config, processor.class_name))} />
                  : <Badge variant="light" color={enabled ? "green" : "gray"}>{enabled ? "active" : "disabled"}</Badge>}
              </Table.Td>
              {onChange && (
                <Table.Td>
                  <Group gap={4}>
                    <ActionIcon variant="default" aria-label={`Move ${processor.name} up`} disabled={position === 0} onClick={() => onChange(moveProcessor(config, position, -1))}>
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move ${processor.name} down`}
                      disabled={position === config.processor_order.length - 1}
                      onClick={() => onChange(moveProcessor(config, position, 1))}
                    >
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
