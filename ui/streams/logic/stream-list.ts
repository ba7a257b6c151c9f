import type { Stream } from "../../../api/schemas/streams.ts";
import type { ColumnDefinition, Sort } from "../../common/entity-table/logic/column-definition.ts";
import type { TableLayout } from "../../common/entity-table/logic/layout-preferences.ts";

/** The streams list (/streams): its columns, layout defaults, page parameters and the texts of its outcomes. */

/** The id under which the list's layout preferences are stored (spec 000 §7.4). */
export const STREAMS_TABLE_ID = "streams";

export const STREAM_COLUMNS: readonly ColumnDefinition[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true },
  { id: "index_set_id", title: "Index Set", type: "STRING" },
  { id: "rules", title: "Rules", type: "STRING" },
  { id: "created_at", title: "Created", type: "DATE", sortable: true },
  { id: "disabled", title: "Status", type: "BOOLEAN", sortable: true },
];

/** Page sizes of list pages (spec 000 §9). */
export const STREAM_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export const STREAM_LAYOUT_DEFAULTS: TableLayout = {
  displayedAttributes: ["title", "index_set_id", "rules", "disabled"],
  sort: { attributeId: "title", direction: "asc" },
  perPage: 20,
};

/** The columns the server sorts by; any other sort asks for the title. */
const SORTABLE = ["title", "description", "created_at", "disabled"] as const;
type StreamSort = (typeof SORTABLE)[number];

export interface StreamPageParams {
  query: string;
  page: number;
  perPage: number;
  sort: Sort;
}

/** The GET /streams/paginated query parameters for the list's parameters. */
export function streamPageQuery({ query, page, perPage, sort }: StreamPageParams) {
  const field = (SORTABLE as readonly string[]).includes(sort.attributeId) ? (sort.attributeId as StreamSort) : "title";
  return { query, page, per_page: perPage, sort: field, order: sort.direction };
}

export const statusText = (stream: Pick<Stream, "disabled">) => (stream.disabled ? "Paused" : "Running");

export function rulesText(stream: Pick<Stream, "rules" | "matching_type" | "is_default">): string {
  if (stream.is_default) return "Every message not removed by another stream";
  const count = stream.rules.length;
  if (count === 0) return "No rules";
  return `${count} ${count === 1 ? "rule" : "rules"}, ${stream.matching_type === "AND" ? "all must match" : "one must match"}`;
}

export const deleteQuestion = (title: string) =>
  `Do you really want to delete the stream "${title}"? Its rules are removed; messages already stored stay.`;
export const bulkDeleteQuestion = (count: number) => `Do you really want to delete ${count} ${count === 1 ? "stream" : "streams"}?`;

export const createdText = (title: string) => `Stream "${title}" was created. It is paused until you start it.`;
export const updatedText = (title: string) => `Stream "${title}" was updated.`;
export const clonedText = (title: string) => `Stream "${title}" was cloned. The copy is paused until you start it.`;
export const deletedText = (title: string) => `Stream "${title}" was deleted.`;
export const pausedText = (title: string) => `Stream "${title}" was paused.`;
export const resumedText = (title: string) => `Stream "${title}" was started.`;

/** What a bulk call did, as one line. */
export function bulkOutcomeText(verb: string, answer: { successfully_performed: number; failures: { failure_explanation: string }[] }): string {
  const done = `${answer.successfully_performed} ${answer.successfully_performed === 1 ? "stream" : "streams"} ${verb}.`;
  if (answer.failures.length === 0) return done;
  return `${done} ${answer.failures.length} failed: ${[...new Set(answer.failures.map((failure) => failure.failure_explanation))].join("; ")}`;
}

/** One choice of the form's index set select. */
export interface IndexSetOption {
  value: string;
  label: string;
}

/**
 * The index sets a stream may store in, by title (writable ones only, as Graylog refuses the others); without
 * indices:read the caller sees none, so the ids the streams use are offered instead.
 */
export function indexSetOptions(
  indexSets: readonly { id: string; title: string; writable: boolean }[],
  streams: readonly { index_set_id: string }[],
): IndexSetOption[] {
  if (indexSets.length > 0) {
    return indexSets.filter((set) => set.writable).map((set) => ({ value: set.id, label: set.title }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }
  return [...new Set(streams.map((stream) => stream.index_set_id))].map((id) => ({ value: id, label: id }));
}

export interface StreamFormValues {
  title: string;
  description: string;
  indexSetId: string;
  removeMatchesFromDefaultStream: boolean;
}

export function validateTitle(title: string): string | null {
  if (title.trim() === "") return "Title is required.";
  if (title.length > 250) return "Title must be at most 250 characters.";
  return null;
}
