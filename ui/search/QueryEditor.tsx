import { autocompletion, type CompletionContext, completionStatus } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, placeholder as placeholderExtension } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef } from "react";
import { type CompletionField, completionOptions } from "./logic/lucene-completion.ts";

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (query: string) => void;
  fields: readonly CompletionField[];
  placeholder: string;
  label: string;
}

/**
 * The query editor: CodeMirror 6, one line, Lucene highlighting, field-name completion, Enter submits.
 * Loaded client-only (CodeMirror measures the DOM); QueryInput shows a plain input until it is ready.
 */
export function QueryEditor({ value, onChange, onSubmit, fields, placeholder, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor is created once; callbacks and fields are read through refs so they stay current.
  const latest = useRef({ onChange, onSubmit, fields });
  latest.current = { onChange, onSubmit, fields };

  useEffect(() => {
    const complete = (context: CompletionContext) => {
      const line = context.state.doc.lineAt(context.pos);
      const found = completionOptions(line.text.slice(0, context.pos - line.from), latest.current.fields);
      if (!found || (!context.explicit && found.from === context.pos)) return null;
      return {
        from: line.from + found.from,
        options: found.options.map((o) => ({ label: o.label, apply: o.apply, detail: o.detail, type: o.kind === "field" ? "property" : "keyword" })),
        validFor: /^[\w.@-]*$/,
      };
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(keymap.of([{
            key: "Enter",
            run: (target) => {
              if (completionStatus(target.state) === "active") return false;
              latest.current.onSubmit(target.state.doc.toString());
              return true;
            },
          }])),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          luceneLanguage,
          syntaxHighlighting(luceneHighlight),
          autocompletion({ override: [complete], icons: false }),
          placeholderExtension(placeholder),
          singleLine,
          editorTheme,
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor lives as long as the component; value changes are synced below.
    // deno-lint-ignore react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} data-testid="query-editor" style={{ flex: 1, minWidth: 0 }} />;
}

/** Lucene query_string tokens: fields, operators, phrases, ranges, numbers, regexes. */
const luceneLanguage = StreamLanguage.define<{ inRange: boolean }>({
  name: "lucene",
  startState: () => ({ inRange: false }),
  token(stream, state) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
    if (stream.match(/^\/(?:[^/\\]|\\.)*\/?/)) return "regexp";
    if (stream.match(/^(?:[\w.@-]|\\.)+(?=:)/)) return "propertyName";
    if (stream.match(/^(?:AND|OR|NOT|TO)\b/)) return "keyword";
    if (stream.match(/^(?:&&|\|\||[+\-!:~^])/)) return "operator";
    if (stream.match(/^[[\]{}()]/)) {
      state.inRange = stream.current() === "[" || stream.current() === "{";
      return "bracket";
    }
    if (stream.match(/^[<>]=?/)) return "operator";
    if (stream.match(/^-?\d+(?:\.\d+)?(?![\w.])/)) return "number";
    if (stream.match(/^(?:[^\s"():[\]{}\\]|\\.)+/)) return /[*?]/.test(stream.current()) ? "variableName.special" : null;
    stream.next();
    return null;
  },
});

const luceneHighlight = HighlightStyle.define([
  { tag: tags.propertyName, color: "var(--mantine-color-blue-text)" },
  { tag: tags.keyword, color: "var(--mantine-color-grape-text)", fontWeight: "600" },
  { tag: tags.string, color: "var(--mantine-color-green-text)" },
  { tag: tags.number, color: "var(--mantine-color-orange-text)" },
  { tag: tags.regexp, color: "var(--mantine-color-red-text)" },
  { tag: [tags.operator, tags.bracket], color: "var(--mantine-color-dimmed)" },
  { tag: tags.special(tags.variableName), color: "var(--mantine-color-cyan-text)" },
]);

/** Newlines would change the query's meaning silently: the editor stays on one line. */
const singleLine = EditorState.transactionFilter.of((transaction) => (transaction.newDoc.lines > 1 ? [] : transaction));

const editorTheme = EditorView.theme({
  "&": {
    border: "1px solid var(--mantine-color-default-border)",
    borderRadius: "var(--mantine-radius-sm)",
    backgroundColor: "var(--mantine-color-body)",
    color: "var(--mantine-color-text)",
    fontSize: "var(--mantine-font-size-sm)",
    minHeight: "36px",
  },
  "&.cm-focused": { outline: "none", borderColor: "var(--mantine-primary-color-filled)" },
  ".cm-content": { fontFamily: "var(--mantine-font-family-monospace)", padding: "8px 4px", caretColor: "var(--mantine-color-text)" },
  ".cm-placeholder": { color: "var(--mantine-color-placeholder)" },
  ".cm-tooltip": {
    backgroundColor: "var(--mantine-color-body)",
    border: "1px solid var(--mantine-color-default-border)",
    color: "var(--mantine-color-text)",
  },
  ".cm-tooltip-autocomplete > ul > li[aria-selected]": {
    backgroundColor: "var(--mantine-primary-color-light)",
    color: "var(--mantine-color-text)",
  },
  ".cm-completionDetail": { color: "var(--mantine-color-dimmed)", marginLeft: "0.75em", fontStyle: "normal" },
});
