import { TextInput } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import type { CompletionField, SuggestValues } from "./logic/lucene-completion.ts";

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (query: string) => void;
  fields: readonly CompletionField[];
  suggestValues?: SuggestValues;
  recentQueries?: readonly string[];
}

const QueryEditor = lazy(() => import("./QueryEditor.tsx").then((module) => ({ default: module.QueryEditor })));

export const QUERY_PLACEHOLDER = "Type your search query here and press enter. E.g.: (\"not found\" AND http) OR http_method:GET";
const LABEL = "Search query";

/**
 * The query input: a plain text input during the server render and until CodeMirror has loaded (it touches
 * the DOM), then the editor.
 */
export function QueryInput({ value, onChange, onSubmit, fields, suggestValues, recentQueries }: Props) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const plain = (
    <TextInput
      style={{ flex: 1 }}
      aria-label={LABEL}
      placeholder={QUERY_PLACEHOLDER}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => event.key === "Enter" && onSubmit(event.currentTarget.value)}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
    />
  );
  if (!mounted) return plain;
  return (
    <Suspense fallback={plain}>
      <QueryEditor
        value={value}
        onChange={onChange}
        onSubmit={onSubmit}
        fields={fields}
        suggestValues={suggestValues}
        recentQueries={recentQueries}
        placeholder={QUERY_PLACEHOLDER}
        label={LABEL}
      />
    </Suspense>
  );
}
