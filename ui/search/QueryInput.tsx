import { Input } from "@mantine/core";
import { type ComponentType, type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { CompletionField, SuggestValues } from "./logic/lucene-completion.ts";
import type { EditorSelectionRange, QueryEditorProps } from "./QueryEditor.tsx";

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (query: string) => void;
  fields: readonly CompletionField[];
  suggestValues?: SuggestValues;
  recentQueries?: readonly string[];
}

export const QUERY_PLACEHOLDER = "Type your search query here and press enter. E.g.: (\"not found\" AND http) OR http_method:GET";
const LABEL = "Search query";

/**
 * The query input. CodeMirror is ~90 KB gzip, a fifth of the search page's scripts, and is only needed once
 * someone edits the query: the page first shows a light surface (a plain input that looks like the editor,
 * server-rendered), loads the editor when it is pressed or hovered and swaps it in on the first focus (or key),
 * with the same text, caret and selection. The surface stays editable while the chunk loads,
 * so nothing typed meanwhile is lost; Enter submits from either.
 */
export function QueryInput({ value, onChange, onSubmit, fields, suggestValues, recentQueries }: Props) {
  const surface = useRef<HTMLInputElement>(null);
  const [Editor, setEditor] = useState<ComponentType<QueryEditorProps> | null>(null);
  const activating = useRef(false);
  // Where the caret is in the surface, and whether it has the focus, in the render that swaps the editor in:
  // read then, not when the module arrived (a press's pointerdown comes before the focus it gives, and keys
  // typed meanwhile move the caret). The surface is still in the DOM during that render.
  const handover = useRef<{ selection: EditorSelectionRange; focused: boolean } | null>(null);
  if (Editor && !handover.current && surface.current) {
    const input = surface.current;
    handover.current = { selection: selectionOf(input), focused: document.activeElement === input };
  }

  const activate = () => {
    if (activating.current) return;
    activating.current = true;
    loadQueryEditor().then((component) => setEditor(() => component), () => {
      // Offline or a new deployment: the surface keeps working; the next focus or key tries again.
      activating.current = false;
    });
  };

  useEffect(() => {
    const input = surface.current;
    if (!input) return;
    // Typed or focused before hydration: the DOM has what React does not know yet.
    if (input.value !== value) onChange(input.value);
    // Already loaded (another visit to the page in this tab) or focused before hydration: take over now.
    if (loaded || document.activeElement === input) activate();
    // Only on mount: later changes arrive through the input's events.
  }, []);

  if (Editor && handover.current) {
    return (
      <Editor
        value={value}
        onChange={onChange}
        onSubmit={onSubmit}
        fields={fields}
        suggestValues={suggestValues}
        recentQueries={recentQueries}
        placeholder={QUERY_PLACEHOLDER}
        label={LABEL}
        initialSelection={handover.current.selection}
        autoFocus={handover.current.focused}
      />
    );
  }
  return (
    <Input
      ref={surface}
      type="text"
      aria-label={LABEL}
      placeholder={QUERY_PLACEHOLDER}
      value={value}
      spellCheck={false}
      autoComplete="off"
      data-testid="query-surface"
      style={{ flex: 1, minWidth: 0 }}
      styles={{ input: SURFACE_LOOK }}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === "Enter" && !event.nativeEvent.isComposing) onSubmit(event.currentTarget.value);
        else activate();
      }}
      // A press or hover only fetches the module: the swap waits for the focus, which comes after the press's
      // pointerdown (swapped in before it, the editor would miss the focus and the keys after it).
      onFocus={activate}
      onPointerDown={prefetchQueryEditor}
      onPointerEnter={prefetchQueryEditor}
    />
  );
}

/**
 * The editor's box as QueryEditor's theme draws it (border and focus colour come from Mantine's input, as the
 * theme's do): one 1.4-high line of monospace text, 8 px above and below, starting where CodeMirror's line does.
 */
const SURFACE_LOOK: CSSProperties = {
  fontFamily: "var(--mantine-font-family-monospace)",
  fontSize: "var(--mantine-font-size-sm)",
  height: "auto",
  minHeight: "36px",
  lineHeight: 1.4,
  padding: "8px 2px 8px 10px",
  backgroundColor: "var(--mantine-color-body)",
};

/** The editor's module, loaded once per tab; `loaded` lets a later mount skip the surface's activation wait. */
let editorModule: Promise<ComponentType<QueryEditorProps>> | null = null;
let loaded = false;

const prefetchQueryEditor = () => void loadQueryEditor().catch(() => undefined);

function loadQueryEditor(): Promise<ComponentType<QueryEditorProps>> {
  editorModule ??= import("./QueryEditor.tsx").then((module) => {
    loaded = true;
    return module.QueryEditor;
  }).catch((error) => {
    editorModule = null;
    throw error;
  });
  return editorModule;
}

function selectionOf(input: HTMLInputElement): EditorSelectionRange {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  return input.selectionDirection === "backward" ? { anchor: end, head: start } : { anchor: start, head: end };
}
