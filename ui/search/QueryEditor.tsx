import {
  autocompletion,
  closeCompletion,
  type CompletionContext,
  type CompletionResult,
  completionStatus,
  currentCompletions,
  selectedCompletion,
  startCompletion,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { EditorSelection, EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, placeholder as placeholderExtension } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useLayoutEffect, useRef } from "react";
import { type CompletionField, type CompletionOption, completionOptions, type SuggestValues, valueCompletions } from "./logic/lucene-completion.ts";
import { enterPicksCompletion } from "./logic/completion-enter.ts";
import { recentQueryOptions } from "./logic/recent-queries.ts";

/** A selection as offsets into the query: where it started and where the caret is. */
export interface EditorSelectionRange {
  anchor: number;
  head: number;
}

export interface QueryEditorProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (query: string) => void;
  fields: readonly CompletionField[];
  /** Values of enumerable fields after `field:`; without it no value completion. */
  suggestValues?: SuggestValues;
  /** Recently submitted queries, newest first: offered when the editor is empty and as completions of the text. */
  recentQueries?: readonly string[];
  placeholder: string;
  label: string;
  /** The caret and selection the editor starts with (QueryInput's surface hands over its own). */
  initialSelection?: EditorSelectionRange;
  /** Take the focus on creation: the user was typing in the surface this editor replaces. */
  autoFocus?: boolean;
}

/**
 * The query editor: CodeMirror 6, one line, Lucene highlighting, completion of field names, operators, field
 * values and recent queries; Enter submits. Loaded client-only on first use (CodeMirror measures the DOM, and
 * its code is large); QueryInput shows a light surface until then.
 */
export function QueryEditor(
  { value, onChange, onSubmit, fields, suggestValues, recentQueries = [], placeholder, label, initialSelection, autoFocus }:
    QueryEditorProps,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor is created once; callbacks and fields are read through refs so they stay current.
  const latest = useRef({ onChange, onSubmit, fields, suggestValues, recentQueries });
  latest.current = { onChange, onSubmit, fields, suggestValues, recentQueries };
  // Whether the user moved through the open completion list: Enter in an empty editor then picks the entry,
  // otherwise it searches (the recent-query list opens by itself on focus and must not swallow that Enter).
  const navigated = useRef(false);
  // The list opened by focusing an empty editor holds recent queries only (Ctrl-Space there lists fields too).
  const openedByFocus = useRef(false);
  // Queries this editor had (its first, then each it reported through onChange) that have not come back as
  // `value` yet. A `value` among them is an echo, possibly stale (keys typed since), never a change from outside:
  // applying it would undo those keys (as it did to the first key typed while the editor was swapped in).
  const echoes = useRef<string[]>([value]);
  const applyingOutside = useRef(false);

  // A layout effect: created and focused in the same commit that removes the surface, so no key pressed during
  // the swap can land between the two.
  useLayoutEffect(() => {
    const complete = (context: CompletionContext): CompletionResult | null => {
      if (openedByFocus.current && context.state.doc.length === 0) return null;
      const line = context.state.doc.lineAt(context.pos);
      const found = completionOptions(line.text.slice(0, context.pos - line.from), latest.current.fields);
      if (!found || (!context.explicit && found.from === context.pos)) return null;
      return { from: line.from + found.from, options: found.options.map(toCompletion), validFor: /^[\w.@-]*$/ };
    };
    const completeValue = async (context: CompletionContext): Promise<CompletionResult | null> => {
      const suggest = latest.current.suggestValues;
      if (!suggest) return null;
      const line = context.state.doc.lineAt(context.pos);
      const found = await valueCompletions(line.text.slice(0, context.pos - line.from), latest.current.fields, suggest).catch(() => null);
      if (!found || context.aborted) return null;
      // A complete list narrows locally; a cut-off one asks the server again as the value grows.
      // Most frequent first: the rank boosts the score so equal matches keep the server's order.
      const options = found.options.map((option, rank) => ({ ...toCompletion(option), boost: Math.max(-99, 99 - rank * 4) }));
      return { from: line.from + found.from, options, ...(found.complete ? { validFor: /^"?[^\s"()]*$/ } : {}) };
    };
    const completeRecent = (context: CompletionContext): CompletionResult | null => {
      const doc = context.state.doc.toString();
      if (doc.trim() === "" && !context.explicit) return null;
      const options = recentQueryOptions(doc, latest.current.recentQueries);
      if (options.length === 0) return null;
      // Newest first, above other completions: no re-scoring.
      return { from: 0, to: doc.length, options: options.map((o) => ({ ...toCompletion(o), boost: 99 })), filter: false };
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        selection: initialSelection && EditorSelection.single(
          Math.min(initialSelection.anchor, value.length),
          Math.min(initialSelection.head, value.length),
        ),
        extensions: [
          Prec.highest(keymap.of([{
            key: "Enter",
            run: (target) => {
              // A list is shown (possibly while a source is still being asked): Enter picks from it when that
              // changes the query (enterPicksCompletion), else closes it and searches.
              if (completionStatus(target.state) !== null && currentCompletions(target.state).length > 0) {
                const query = {
                  beforeCursor: target.state.sliceDoc(0, target.state.selection.main.head),
                  empty: target.state.doc.length === 0,
                };
                if (enterPicksCompletion(query, selectedCompletion(target.state), navigated.current)) return false;
                closeCompletion(target);
              }
              latest.current.onSubmit(target.state.doc.toString());
              return true;
            },
          }])),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          luceneLanguage,
          syntaxHighlighting(luceneHighlight),
          autocompletion({ override: [complete, completeValue, completeRecent], icons: false }),
          // Observers see the arrow keys even when the completion keymap handles them.
          EditorView.domEventObservers({
            keydown: (event) => {
              if (event.key === "ArrowDown" || event.key === "ArrowUp") navigated.current = true;
            },
            focus: (_event, target) => {
              // An empty editor offers the recent queries right away.
              navigated.current = false;
              if (target.state.doc.length === 0 && latest.current.recentQueries.length > 0) {
                openedByFocus.current = true;
                setTimeout(() => view.current === target && startCompletion(target));
              }
            },
          }),
          placeholderExtension(placeholder),
          singleLine,
          editorTheme,
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              navigated.current = false;
              openedByFocus.current = false;
              if (applyingOutside.current) return;
              const query = update.state.doc.toString();
              echoes.current.push(query);
              latest.current.onChange(query);
            }
          }),
        ],
      }),
    });
    view.current = editor;
    if (autoFocus) editor.focus();
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor lives as long as the component; value changes are synced below.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    if (editor.state.doc.toString() === value) {
      echoes.current = []; // in step: older echoes cannot come any more
      return;
    }
    const echo = echoes.current.indexOf(value);
    if (echo >= 0) {
      echoes.current.splice(0, echo + 1);
      return;
    }
    // From outside (a field action, Reset, back/forward): the editor takes it.
    echoes.current = [];
    applyingOutside.current = true;
    try {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    } finally {
      applyingOutside.current = false;
    }
  }, [value]);

  // Recent queries are read from local storage after mounting: if they arrive while the empty editor already has
  // the focus (a click right after the page loaded), offer them then, as focusing would have.
  useEffect(() => {
    const editor = view.current;
    if (!editor || !editor.hasFocus || editor.state.doc.length > 0 || recentQueries.length === 0) return;
    if (completionStatus(editor.state) !== null) return;
    openedByFocus.current = true;
    startCompletion(editor);
  }, [recentQueries]);

  return <div ref={host} data-testid="query-editor" style={{ flex: 1, minWidth: 0 }} />;
}

const COMPLETION_TYPES: Record<CompletionOption["kind"], string> = { field: "property", operator: "keyword", value: "constant", recent: "text" };

function toCompletion(option: CompletionOption) {
  return { label: option.label, apply: option.apply, detail: option.detail, type: COMPLETION_TYPES[option.kind] };
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
