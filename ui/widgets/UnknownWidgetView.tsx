import { Button, CopyButton, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import type { UnknownWidget } from "../view/view-widgets.ts";

interface Props {
  widget: UnknownWidget;
}

/** The handler error of a widget whose type has no handler (spec 000 'Unknown widget'). */
export const UNKNOWN_WIDGET_ERROR = "This widget type has incorrect type or no handler";
export const COPY_WIDGET_CONFIG = "Copy widget config";

/**
 * The body of a stored widget of an unknown type (spec 000 §2.4, 001 §2): why it cannot be shown (a missing plugin
 * or a legacy dashboard) and a button that copies its stored config, which the view keeps as it was.
 */
export function UnknownWidgetView({ widget }: Props) {
  return (
    <Stack gap="xs" p="sm" data-testid="unknown-widget">
      <Text fw={600}>{UNKNOWN_WIDGET_ERROR}</Text>
      <Text size="sm">
        {widget.type === "" ? "This widget has no type." : `The widget type "${widget.type}" is not known here.`}{" "}
        It may come from a plugin that is not installed or from a legacy dashboard. The view keeps the widget as it
        was stored.
      </Text>
      <CopyButton value={JSON.stringify(widget.stored, null, 2)}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            onClick={copy}
          >
            {copied ? "Copied" : COPY_WIDGET_CONFIG}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
