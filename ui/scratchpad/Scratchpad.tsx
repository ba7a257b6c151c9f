import { ActionIcon, Alert, Button, Group, Paper, Text, Textarea, Tooltip } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { IconCopy, IconGripHorizontal, IconTrash, IconX } from "@tabler/icons-react";
import { useAtom } from "jotai";
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { useCurrentUser } from "../session/current-user.tsx";
import {
  AUTOSAVE_DELAY_MS,
  loadScratchpad,
  saveScratchpad,
  type ScratchpadState,
  STATUS_MESSAGE_MS,
} from "./scratchpad-storage.ts";
import { scratchpadOpenAtom } from "./scratchpad-state.ts";

/**
 * A personal note panel kept in this browser per login name (spec 000 §2.7, §4): a one-time security
 * warning, autosave 500 ms after typing, copy, clear with confirmation; movable and resizable.
 */
export function Scratchpad() {
  const { username } = useCurrentUser();
  const [open, setOpen] = useAtom(scratchpadOpenAtom);
  const [state, setState] = useState<ScratchpadState | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const clipboard = useClipboard({ timeout: STATUS_MESSAGE_MS });
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panel = useRef<HTMLDivElement>(null);

  // The shell mounts the scratchpad once the page is idle or when it is opened (AppLayout). Opened by a click — the
  // one that mounted it, or one between this render and the effect (the browser paints in between) — it stays open
  // whatever was stored: the atom is read as it is now, not as it was when this rendered.
  useEffect(() => {
    const loaded = loadScratchpad(localStorage, username);
    setState(loaded);
    setOpen((openNow) => openNow || loaded.opened);
  }, [username, setOpen]);

  useEffect(() => {
    if (state && state.opened !== open) setState(saveScratchpad(localStorage, username, { opened: open }));
  }, [open, state, username]);

  useEffect(() => () => {
    clearTimeout(saveTimer.current);
    clearTimeout(statusTimer.current);
  }, []);

  useEffect(() => {
    const element = panel.current;
    if (!element || !open) return;
    const observer = new ResizeObserver(() => {
      const size = { width: element.offsetWidth, height: element.offsetHeight };
      setState((current) => current && (current.size.width !== size.width || current.size.height !== size.height)
        ? saveScratchpad(localStorage, username, { size })
        : current);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [open, username, state === null]);

  if (!open || !state) return null;

  const flash = (message: string) => {
    setStatus(message);
    clearTimeout(statusTimer.current);
    statusTimer.current = setTimeout(() => setStatus(null), STATUS_MESSAGE_MS);
  };
  const onChange = (value: string) => {
    setState({ ...state, value });
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      saveScratchpad(localStorage, username, { value });
      flash("Auto saved.");
    }, AUTOSAVE_DELAY_MS);
  };
  const onCopy = () => {
    clipboard.copy(state.value);
    flash("Copied!");
  };
  const onClear = () => {
    clearTimeout(saveTimer.current);
    setState(saveScratchpad(localStorage, username, { value: "" }));
    setConfirmingClear(false);
    flash("Cleared.");
  };
  const onDragStart = (event: ReactPointerEvent) => {
    const pointer = { x: event.clientX, y: event.clientY };
    const origin = state.position;
    const positionAt = (e: PointerEvent) => ({ x: origin.x + e.clientX - pointer.x, y: origin.y + e.clientY - pointer.y });
    const move = (e: PointerEvent) => setState((current) => current && { ...current, position: positionAt(e) });
    const up = (e: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      setState(saveScratchpad(localStorage, username, { position: positionAt(e) }));
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };

  return (
    <Paper
      ref={panel}
      shadow="xl"
      withBorder
      p="sm"
      role="dialog"
      aria-label="Scratchpad"
      data-testid="scratchpad"
      style={{
        position: "fixed",
        right: 24 - state.position.x,
        top: 80 + state.position.y,
        width: state.size.width,
        height: state.size.height,
        minWidth: 300,
        minHeight: 260,
        resize: "both",
        overflow: "hidden",
        zIndex: 300,
        display: "flex",
        flexDirection: "column",
        gap: 8,
      }}
    >
      <Group justify="space-between" wrap="nowrap" style={{ cursor: "move", touchAction: "none" }} onPointerDown={onDragStart}>
        <Group gap={6}>
          <IconGripHorizontal size={16} />
          <Text fw={700}>Scratchpad</Text>
        </Group>
        <ActionIcon variant="subtle" color="gray" aria-label="Close scratchpad" onPointerDown={(e) => e.stopPropagation()} onClick={() => setOpen(false)}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      {!state.securityConfirmed && (
        <Alert color="yellow" title="Keep secrets out" p="xs">
          <Text size="xs">
            The scratchpad is stored unencrypted in this browser's local storage. Do not put passwords, tokens or other
            sensitive data in it.
          </Text>
          <Button size="compact-xs" mt={6} variant="light" onClick={() => setState(saveScratchpad(localStorage, username, { securityConfirmed: true }))}>
            I understand
          </Button>
        </Alert>
      )}
      <Textarea
        value={state.value}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder="Notes, queries, ids… saved in this browser"
        aria-label="Scratchpad content"
        styles={{ root: { flex: 1, display: "flex", flexDirection: "column" }, wrapper: { flex: 1 }, input: { height: "100%", fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" role="status" data-testid="scratchpad-status">{status ?? ""}</Text>
        {confirmingClear
          ? (
            <Group gap={6}>
              <Text size="xs">Are you sure?</Text>
              <Button size="compact-xs" color="red" onClick={onClear}>Clear</Button>
              <Button size="compact-xs" variant="default" onClick={() => setConfirmingClear(false)}>Cancel</Button>
            </Group>
          )
          : (
            <Group gap={6}>
              <Tooltip label="Copy">
                <Button size="compact-xs" variant="default" leftSection={<IconCopy size={14} />} onClick={onCopy}>Copy</Button>
              </Tooltip>
              <Button size="compact-xs" variant="default" leftSection={<IconTrash size={14} />} onClick={() => setConfirmingClear(true)}>Clear</Button>
            </Group>
          )}
      </Group>
    </Paper>
  );
}
