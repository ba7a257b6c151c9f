import { autocompletion, type CompletionContext } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, linter, lintGutter } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef } from "react";
import { diagnosticsOf, type ParseError } from "./logic/rule-diagnostics.ts";

export interface RuleEditorProps {
  value: string;
  onChange(value: string): void;
  /** Parses the source on the server: its errors (empty when it parses). */
  parse(source: string): Promise<ParseError[]>;
  /** Function names offered as completions. */
  functionNames: readonly string[];
  readOnly?: boolean;
}

/**
 * The rule editor: CodeMirror 6 with the rule language's highlighting, function completion and the server's
 * parse errors shown inline (underlined at their line and column, listed in the gutter) as the user types.
 * Loaded client-only (CodeMirror measures the DOM).
 */
export function RuleEditor({ value, onChange, parse, functionNames, readOnly = false }: RuleEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, parse, functionNames });
  latest.current = { onChange, parse, functionNames };

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          ruleLanguage,
          syntaxHighlighting(ruleHighlight),
          autocompletion({ override: [(context: CompletionContext) => completeFunction(context, latest.current.functionNames)] }),
          lintGutter(),
          linter(async (editorView): Promise<Diagnostic[]> => {
            const source = editorView.state.doc.toString();
            const errors = await latest.current.parse(source);
            return diagnosticsOf(source, errors).map((diagnostic) => ({ ...diagnostic, severity: "error" }));
          }, { delay: 400 }),
          EditorState.readOnly.of(readOnly),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.contentAttributes.of({ "aria-label": "Rule source" }),
          editorTheme,
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is created once; `value` is its initial text and later values come from it.
  }, []);

  return <div ref={host} data-testid="rule-editor" />;
}

function completeFunction(context: CompletionContext, names: readonly string[]) {
  const word = context.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  return { from: word.from, options: names.map((name) => ({ label: name, type: "function", apply: `${name}(` })) };
}

const KEYWORDS = /^(?:rule|when|then|end|let|and|or|not|AND|OR|NOT|true|false)\b/;

const ruleLanguage = StreamLanguage.define<Record<string, never>>({
  name: "graylog-rule",
  startState: () => ({}),
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^\/\/.*/)) return "comment";
    if (stream.match(/^\/\*[\s\S]*?\*\//)) return "comment";
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
    if (stream.match(/^-?\d+(?:\.\d+)?/)) return "number";
    if (stream.match(KEYWORDS)) return "keyword";
    if (stream.match(/^\$message\b/)) return "variableName.special";
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*(?=\s*\()/)) return "variableName.function";
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) return "variableName";
    stream.next();
    return "operator";
  },
});

const ruleHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: "var(--mantine-color-grape-text)", fontWeight: "600" },
  { tag: tags.string, color: "var(--mantine-color-green-text)" },
  { tag: tags.number, color: "var(--mantine-color-orange-text)" },
  { tag: tags.comment, color: "var(--mantine-color-dimmed)", fontStyle: "italic" },
  { tag: tags.function(tags.variableName), color: "var(--mantine-color-blue-text)" },
  { tag: tags.special(tags.variableName), color: "var(--mantine-color-cyan-text)" },
]);

const editorTheme = EditorView.theme({
  "&": { border: "1px solid var(--mantine-color-default-border)", borderRadius: "4px", minHeight: "260px", fontSize: "13px" },
  ".cm-content": { fontFamily: "var(--mantine-font-family-monospace)", caretColor: "var(--mantine-color-text)" },
  ".cm-gutters": { backgroundColor: "var(--mantine-color-default)", color: "var(--mantine-color-dimmed)", borderRight: "1px solid var(--mantine-color-default-border)" },
  ".cm-scroller": { minHeight: "260px" },
  "&.cm-focused": { outline: "2px solid var(--mantine-primary-color-filled)" },
  ".cm-tooltip": { backgroundColor: "var(--mantine-color-body)", color: "var(--mantine-color-text)" },
});
