import { Button, Group, Popover, Stack, TextInput } from "@mantine/core";
import { type ReactElement, useEffect, useState } from "react";
import {
  isSaveAsDisabled,
  isSaveDisabled,
  isValidViewName,
  saveButtonsFor,
  type SaveContext,
} from "./logic/save-name.ts";

interface Props extends SaveContext {
  opened: boolean;
  onClose(): void;
  /** Save over the saved view under this title. */
  onSave(title: string): void;
  /** Save a new view under this title. */
  onSaveAs(title: string): void;
  /** The button the popover hangs from (it must accept a ref). */
  children: ReactElement;
}

/**
 * The save / save-as name popover (spec 001 §2, §5): Save and Save as for a saved view the user may edit;
 * Create new for a new search or one the user may not edit. Names are trimmed and must not be blank.
 */
export function SaveViewPopover({ opened, onClose, onSave, onSaveAs, children, ...context }: Props) {
  const [name, setName] = useState(context.savedTitle ?? "");
  // Each opening starts from the saved title (or empty for a new search).
  useEffect(() => {
    if (opened) setName(context.savedTitle ?? "");
  }, [opened, context.savedTitle]);

  const buttons = saveButtonsFor(context);
  const submit = (action: "save" | "save-as") => {
    const title = name.trim();
    if (action === "save") onSave(title);
    else onSaveAs(title);
    onClose();
  };
  const onEnter = () => {
    if (buttons === "save-and-save-as" ? !isSaveDisabled(name) : !isSaveAsDisabled(name, context)) {
      submit(buttons === "save-and-save-as" ? "save" : "save-as");
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={(open) => !open && onClose()}
      position="bottom"
      withArrow
      trapFocus
      shadow="md"
      width={320}
    >
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label="Title"
            placeholder="Enter title"
            required
            value={name}
            data-autofocus
            error={name.length > 0 && !isValidViewName(name) ? "Title must not be blank." : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => event.key === "Enter" && onEnter()}
          />
          <Group justify="flex-end" gap="xs">
            {buttons === "save-and-save-as"
              ? (
                <>
                  <Button size="xs" onClick={() => submit("save")} disabled={isSaveDisabled(name)}>
                    Save
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => submit("save-as")}
                    disabled={isSaveAsDisabled(name, context)}
                  >
                    Save as
                  </Button>
                </>
              )
              : (
                <Button
                  size="xs"
                  onClick={() => submit("save-as")}
                  disabled={isSaveAsDisabled(name, context)}
                >
                  Create new
                </Button>
              )}
            <Button size="xs" variant="default" onClick={onClose}>Cancel</Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
