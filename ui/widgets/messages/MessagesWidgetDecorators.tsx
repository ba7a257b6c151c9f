import { Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { WidgetDecorator } from "../../../api/schemas/widgets.ts";
import { DecoratorConfigModal } from "../../decorators/DecoratorConfigModal.tsx";
import { DecoratorItem } from "../../decorators/DecoratorItem.tsx";
import { availableDecoratorsQueryOptions } from "../../decorators/decorator-queries.ts";
import { DecoratorTypeSelect } from "../../decorators/DecoratorTypeSelect.tsx";
import { NO_DECORATORS } from "../../decorators/logic/decorator-list.ts";
import {
  widgetDecoratorsInOrder,
  withDecoratorAdded,
  withDecoratorChanged,
  withDecoratorRemoved,
} from "../logic/widget-decorators.ts";

interface Props {
  /** The draft's own decorators (`config.decorators`). */
  decorators: readonly WidgetDecorator[];
  onChange(decorators: WidgetDecorator[]): void;
}

/**
 * The Decorators section of the message table's editor (spec 001 §2): the widget's own decorators, run after
 * the searched stream's. Changes stay in the draft, so they need no decorator permissions and no confirmation:
 * 'Update preview' shows them and Cancel forgets them.
 */
export function MessagesWidgetDecorators({ decorators, onChange }: Props) {
  const types = useQuery(availableDecoratorsQueryOptions());
  const [creatingType, setCreatingType] = useState<string | null>(null);
  const available = types.data ?? {};
  const creating = creatingType ? available[creatingType] : undefined;
  const list = widgetDecoratorsInOrder(decorators);
  return (
    <Stack gap={6} data-testid="widget-decorators">
      <Text size="sm" fw={500} id="widget-decorators-label">Decorators</Text>
      <DecoratorTypeSelect types={types.data} onSelect={setCreatingType} />
      {list.length === 0
        ? <Text size="sm" c="dimmed">{NO_DECORATORS}</Text>
        : (
          <Stack gap={6} aria-labelledby="widget-decorators-label" role="list">
            {list.map((decorator, index) => (
              // The index is the identity here: inline decorators need no id and the list is renumbered.
              <div role="listitem" key={`${index}-${decorator.type}`}>
                <DecoratorItem
                  decorator={decorator}
                  types={available}
                  canEdit
                  canDelete
                  onUpdate={(config) => onChange(withDecoratorChanged(list, index, config))}
                  onDelete={() => onChange(withDecoratorRemoved(list, index))}
                />
              </div>
            ))}
          </Stack>
        )}
      {creating && (
        <DecoratorConfigModal
          purpose="create"
          type={creating}
          opened
          onCancel={() => setCreatingType(null)}
          onSubmit={(config) => {
            onChange(withDecoratorAdded(list, creating.type, config));
            setCreatingType(null);
          }}
        />
      )}
    </Stack>
  );
}
