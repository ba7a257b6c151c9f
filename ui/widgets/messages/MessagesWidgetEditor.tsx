import { Button, Group, MultiSelect, SegmentedControl, Select, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import type { MessagesWidget, SortDirection } from "../../../api/schemas/widgets.ts";
import { fieldsWrittenBy } from "../logic/widget-decorators.ts";
import { MessagesWidgetDecorators } from "./MessagesWidgetDecorators.tsx";
import type { WidgetEditorProps } from "../widget-editor-props.ts";

/** The message table's edit panel (spec 001 §2): Fields, Message Preview, Sorting, Direction, Decorators. */
export function MessagesWidgetEditor(
  { widget, fieldTypes, onPreview, previewing, onSubmit, onCancel }: WidgetEditorProps<MessagesWidget>,
) {
  const [config, setConfig] = useState(widget.config);
  const draft: MessagesWidget = { ...widget, config };
  // Fields the widget's decorators write are offered too: the index does not know them.
  const fieldNames = [
    ...new Set([
      ...fieldTypes.map((field) => field.name),
      ...config.fields,
      ...fieldsWrittenBy(config.decorators),
      "timestamp",
      "source",
    ]),
  ].sort();
  const sort = config.sort[0] ??
    { type: "pivot" as const, field: "timestamp", direction: "Descending" as const };
  const changed = JSON.stringify(config) !== JSON.stringify(widget.config);
  return (
    <Stack gap="md" data-testid="messages-widget-editor">
      <MultiSelect
        label="Fields"
        data={fieldNames}
        value={config.fields}
        searchable
        onChange={(fields) => setConfig({ ...config, fields })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>Message Preview</Text>
        <Switch
          label="Show message in new row"
          checked={config.show_message_row}
          onChange={(event) => setConfig({ ...config, show_message_row: event.currentTarget.checked })}
        />
        <Switch
          label="Show summary"
          checked={config.show_summary}
          onChange={(event) => setConfig({ ...config, show_summary: event.currentTarget.checked })}
        />
      </Stack>
      <Select
        label="Sorting"
        data={fieldNames}
        value={sort.field}
        searchable
        allowDeselect={false}
        onChange={(field) => field && setConfig({ ...config, sort: [{ ...sort, field }] })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>Direction</Text>
        <SegmentedControl
          data={["Ascending", "Descending"]}
          value={sort.direction}
          onChange={(direction) =>
            setConfig({ ...config, sort: [{ ...sort, direction: direction as SortDirection }] })}
        />
      </Stack>
      <MessagesWidgetDecorators
        decorators={config.decorators}
        onChange={(decorators) => setConfig({ ...config, decorators })}
      />
      <Button
        variant="default"
        disabled={!changed || previewing}
        // No `loading`: its spinner hides the label, and the spec's 'Updating preview...' must be readable.
        onClick={() => onPreview(draft)}
      >
        {previewing ? "Updating preview..." : "Update preview"}
      </Button>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button onClick={() => onSubmit(draft)}>Update widget</Button>
      </Group>
    </Stack>
  );
}
