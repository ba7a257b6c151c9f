import { Alert, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { DecoratorBody } from "../../api/schemas/decorators.ts";
import { DelayedLoader, SPINNER_DELAY_MS } from "../common/DelayedLoader.tsx";
import { toastError } from "../common/toast.ts";
import { errorToastText } from "../api/fetch-error.ts";
import { usePermissions } from "../session/current-user.tsx";
import { IfPermitted } from "../session/IfPermitted.tsx";
import {
  availableDecoratorsQueryOptions,
  createDecorator,
  decoratorsQueryOptions,
  decoratorStreamsQueryOptions,
  deleteDecorator,
  invalidateAfterDecoratorChange,
  updateDecorator,
} from "./decorator-queries.ts";
import { DecoratorConfigModal } from "./DecoratorConfigModal.tsx";
import { DecoratorItem } from "./DecoratorItem.tsx";
import { DecoratorsHelp } from "./DecoratorsHelp.tsx";
import { DecoratorTypeSelect } from "./DecoratorTypeSelect.tsx";
import {
  decoratorsOf,
  DEFAULT_SEARCH_VALUE,
  DELETE_DECORATOR_QUESTION,
  nextOrder,
  NO_DECORATORS,
  streamOfPickerValue,
  streamPickerOptions,
} from "./logic/decorator-list.ts";

/**
 * The decorator administration (spec 001 §2 'Dialogs and modals'): a stream picker (the Default Search or one
 * stream), the 'Select decorator' dropdown that opens the type's configuration form, the help popover, and the
 * stream's decorators in the order they run.
 */
export function DecoratorsConfiguration() {
  const queryClient = useQueryClient();
  const { isPermitted } = usePermissions();
  const decorators = useQuery(decoratorsQueryOptions());
  const types = useQuery(availableDecoratorsQueryOptions());
  const streams = useQuery(decoratorStreamsQueryOptions());
  const [pickerValue, setPickerValue] = useState(DEFAULT_SEARCH_VALUE);
  const [creatingType, setCreatingType] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const stream = streamOfPickerValue(pickerValue);
  const list = decorators.data ? decoratorsOf(decorators.data, stream) : [];
  const available = types.data ?? {};
  const creating = creatingType ? available[creatingType] : undefined;

  /** Runs a change, refreshes the list and cached searches; errors are toasted and rethrown (dialogs stay open). */
  const change = async (work: () => Promise<unknown>, failure: string) => {
    try {
      await work();
    } catch (error) {
      toastError(`${failure}: ${errorToastText(error)}`);
      throw error;
    } finally {
      await invalidateAfterDecoratorChange(queryClient);
    }
  };
  const create = async (body: DecoratorBody) => {
    setSubmitting(true);
    try {
      await change(() => createDecorator(body), "Creating the decorator failed");
      setCreatingType(null);
    } catch {
      // Toasted; the form stays open.
    } finally {
      setSubmitting(false);
    }
  };

  const failed = decorators.error ?? types.error ?? streams.error;
  return (
    <Stack gap="sm" data-testid="decorators-configuration">
      <Group gap="xs">
        <Title order={2} size="h3">Decorators Configuration</Title>
        <DecoratorsHelp />
      </Group>
      <Text size="sm" c="dimmed">
        Pick the Default Search or a stream to see and change the decorators its searches use.
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label="Stream"
          w={320}
          data={streamPickerOptions(streams.data?.streams ?? [])}
          value={pickerValue}
          onChange={(value) => setPickerValue(value ?? DEFAULT_SEARCH_VALUE)}
          allowDeselect={false}
          searchable
        />
        <IfPermitted permissions="decorators:create">
          <DecoratorTypeSelect w={320} types={types.data} onSelect={setCreatingType} />
        </IfPermitted>
      </Group>
      {failed && <Alert color="red" title="Could not load decorators">{errorToastText(failed)}</Alert>}
      {decorators.isPending
        ? <DelayedLoader delay={SPINNER_DELAY_MS} />
        : list.length === 0
        ? <Text size="sm" data-testid="no-decorators">{NO_DECORATORS}</Text>
        : (
          <Stack gap="xs" data-testid="decorator-list">
            {list.map((decorator) => (
              <DecoratorItem
                key={decorator.id}
                decorator={decorator}
                types={available}
                canEdit={isPermitted("decorators:edit")}
                canDelete={isPermitted("decorators:delete")}
                deleteQuestion={DELETE_DECORATOR_QUESTION}
                onUpdate={(config) =>
                  change(
                    () =>
                      updateDecorator(decorator.id, {
                        type: decorator.type,
                        config,
                        stream: decorator.stream,
                        order: decorator.order,
                      }),
                    "Updating the decorator failed",
                  )}
                onDelete={() => change(() => deleteDecorator(decorator.id), "Deleting the decorator failed")}
              />
            ))}
          </Stack>
        )}
      {creating && (
        <DecoratorConfigModal
          purpose="create"
          type={creating}
          opened
          submitting={submitting}
          onCancel={() => setCreatingType(null)}
          onSubmit={(config) => create({ type: creating.type, config, stream, order: nextOrder(list) })}
        />
      )}
    </Stack>
  );
}
