import { Badge, Button, Stack, Text } from "@mantine/core";
import { IconChartBar, IconHash, IconList, IconTable, IconVariable } from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { CreatableWidget } from "../../widgets/logic/create-widget.ts";

/** What the Create section can add (spec 001 §2 'Sidebar'): generic widgets and predefined aggregations. */
export const CREATE_ITEMS = {
  aggregation: { title: "Aggregation", group: "Generic", Icon: IconChartBar, enterprise: false },
  messages: { title: "Message Table", group: "Generic", Icon: IconTable, enterprise: false },
  logView: { title: "Log View", group: "Generic", Icon: IconList, enterprise: true },
  parameter: { title: "Parameter", group: "Generic", Icon: IconVariable, enterprise: true },
  messageCount: { title: "Message Count", group: "Predefined Aggregation", Icon: IconHash, enterprise: false },
} as const satisfies Record<string, { title: string; group: string; Icon: ComponentType<{ size?: number }>; enterprise: boolean }>;

type CreateItem = keyof typeof CREATE_ITEMS;

/** Enterprise items are shown, marked and disabled; every other item is a widget the page can create. */
function creatable(item: CreateItem): item is CreatableWidget {
  return !CREATE_ITEMS[item].enterprise;
}

const GROUPS = ["Generic", "Predefined Aggregation"] as const;

interface Props {
  onCreate: (item: CreatableWidget) => void;
  disabled?: boolean;
}

/** The sidebar's Create section: one button per widget kind, grouped. */
export function CreateSection({ onCreate, disabled = false }: Props) {
  return (
    <Stack gap="md">
      {GROUPS.map((group) => (
        <Stack key={group} gap={6}>
          <Text size="sm" fw={600}>{group}</Text>
          {(Object.keys(CREATE_ITEMS) as CreateItem[])
            .filter((item) => CREATE_ITEMS[item].group === group)
            .map((item) => {
              const { title, Icon, enterprise } = CREATE_ITEMS[item];
              return (
                <Button
                  key={item}
                  variant="default"
                  justify="flex-start"
                  leftSection={<Icon size={16} />}
                  rightSection={enterprise ? <Badge size="xs" variant="light" color="gray">Enterprise</Badge> : undefined}
                  disabled={disabled || enterprise}
                  title={enterprise ? "This is an enterprise feature." : undefined}
                  onClick={() => {
                    if (creatable(item)) onCreate(item);
                  }}
                >
                  {title}
                </Button>
              );
            })}
        </Stack>
      ))}
    </Stack>
  );
}
