import { ActionIcon, Popover, Stack, Text } from "@mantine/core";
import { IconHelp } from "@tabler/icons-react";

/** The decorator administration's help popover (spec 001 §2): what decorators do and which ones a search gets. */
export function DecoratorsHelp() {
  return (
    <Popover width={360} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Decorators help">
          <IconHelp size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">What are decorators?</Text>
          <Text size="sm">
            Decorators change how messages look in search results: they add, change or remove fields while the
            results are shown. Stored messages are never changed.
          </Text>
          <Text size="sm">
            Each stream has its own decorators. A search of exactly one stream uses that stream's decorators;
            any other search uses those of the Default Search. Decorators run from top to bottom.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
