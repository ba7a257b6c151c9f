import { ActionIcon, Button, type ButtonProps, Tooltip } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { COPIED_TEXT, copyFailedHint, isMacPlatform } from "./logic/copy-hint.ts";

interface Props {
  /** The text put on the clipboard. */
  text: string;
  /** Button label; without one an icon button is shown. */
  children?: ReactNode;
  title?: string;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}

/** Copies text: shows 'Copied!' on success, otherwise the hint to press Ctrl+C / ⌘+C (spec 000 §4). */
export function CopyButton(
  { text, children, title = "Copy to clipboard", size = "xs", variant = "default" }: Props,
) {
  const clipboard = useClipboard({ timeout: 1500 });
  const failed = clipboard.error !== null;
  const hint = failed
    ? copyFailedHint("copy", typeof navigator !== "undefined" && isMacPlatform(navigator.userAgent))
    : clipboard.copied
    ? COPIED_TEXT
    : title;
  // Forced open while there is news (copied or failed); otherwise the tooltip follows hover.
  const opened = failed || clipboard.copied ? true : undefined;
  const icon = clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />;
  const copy = () => {
    clipboard.reset();
    clipboard.copy(text);
  };
  const leave = () => failed && clipboard.reset();
  return (
    <Tooltip label={hint} opened={opened} withinPortal>
      {children
        ? (
          <Button size={size} variant={variant} leftSection={icon} onClick={copy} onMouseLeave={leave}>
            {children}
          </Button>
        )
        : (
          <ActionIcon size={size} variant={variant} aria-label={title} onClick={copy} onMouseLeave={leave}>
            {icon}
          </ActionIcon>
        )}
    </Tooltip>
  );
}
