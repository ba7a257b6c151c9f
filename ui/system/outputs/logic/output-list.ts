import type { Metric } from "../../../../api/schemas/metrics.ts";
import type { CreateOutputRequest, OutputSummary } from "../../../../api/schemas/outputs.ts";
import type { ApiData } from "../../../api/api-client.ts";

/** An output type as `GET /system/outputs/available` answers it. */
export type AvailableOutputType = ApiData<"get", "/system/outputs/available">["types"][string];

/** The outputs pages' texts (System → Outputs and a stream's outputs). */
export const OUTPUTS_PAGE_TITLE = "Outputs in Cluster";
export const OUTPUTS_PAGE_DESCRIPTION =
  "Graylog nodes can forward messages via outputs. Launch or terminate as many outputs as you want here. You can also reuse outputs that are already running for other streams.";
export const streamOutputsTitle = (streamTitle: string) => `Outputs for Stream ${streamTitle}`;
export const STREAM_OUTPUTS_DESCRIPTION =
  "Graylog nodes can forward messages of streams via outputs. Launch or terminate as many outputs as you want here. You can also reuse outputs that are already running for other streams.";
export const SELECT_OUTPUT_TYPE = "Select Output Type";
export const LAUNCH_NEW_OUTPUT = "Launch new output";
export const SELECT_EXISTING_OUTPUT = "Select existing output";
export const ASSIGN_EXISTING_OUTPUT = "Assign existing Output";
export const NO_OUTPUTS = "No outputs configured.";
export const NO_STREAM_OUTPUTS = "No outputs configured for this stream.";
export const FETCH_OUTPUTS_FAILED_TITLE = "Could not retrieve outputs";
export const launchDialogTitle = (typeName: string) => `Launch new ${typeName}`;
export const editDialogTitle = (title: string) => `Editing Output ${title}`;
export const createdText = (title: string) => `Output '${title}' was created successfully`;
export const updatedText = (title: string) => `Output '${title}' was updated successfully`;
export const terminatedText = (title: string) => `Output '${title}' was terminated`;
export const assignedText = (title: string) => `Output '${title}' was assigned to the stream`;
export const removedText = (title: string) => `Output '${title}' was removed from the stream`;
export const terminateQuestion = (title: string) => `Do you really want to terminate output '${title}'?`;
export const removeQuestion = (title: string) => `Do you really want to remove output '${title}' from this stream?`;

/** The type picker's options, by name. */
export function typeOptions(types: Record<string, AvailableOutputType>): { value: string; label: string }[] {
  return Object.values(types).map((type) => ({ value: type.type, label: type.name })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The outputs not yet attached to the stream ('Assign existing Output'), by title. */
export function assignableOptions(all: readonly OutputSummary[], attached: readonly OutputSummary[]): { value: string; label: string }[] {
  const taken = new Set(attached.map((output) => output.id));
  return all.filter((output) => !taken.has(output.id)).map((output) => ({ value: output.id, label: output.title }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Outputs by title. */
export const byTitle = (outputs: readonly OutputSummary[]) => [...outputs].sort((a, b) => a.title.localeCompare(b.title));

/** Each configured value under its field's human name, in the type's field order (what a list row shows). */
export function configurationLines(output: OutputSummary, type: AvailableOutputType | undefined): { label: string; value: string }[] {
  const fields = Object.entries(type?.requested_configuration ?? {}).sort(([, a], [, b]) => a.position - b.position);
  const known = fields.map(([name, field]) => ({ label: field.human_name, value: output.configuration[name] }));
  const unknown = Object.entries(output.configuration)
    .filter(([name]) => !type?.requested_configuration[name])
    .map(([name, value]) => ({ label: name, value }));
  return [...known, ...unknown].map(({ label, value }) => ({ label, value: value === undefined || value === null || value === "" ? "<empty>" : String(value) }));
}

/** The configuration form's payload as POST /system/outputs takes it; `streamId` attaches the new output. */
export function outputRequest(
  payload: { type: string; title?: string; configuration: Record<string, unknown> },
  streamId: string | null,
): CreateOutputRequest {
  return {
    title: payload.title ?? "",
    type: payload.type,
    // The form builds each value by its field's type; the server checks them against the type.
    configuration: payload.configuration as CreateOutputRequest["configuration"],
    ...(streamId ? { streams: [streamId] } : {}),
  };
}

/** The metric name of an output's written-message meter (`{type}.{id}.writes`, as Graylog's outputs name theirs). */
export const writesMetric = (output: Pick<OutputSummary, "id" | "type">) => `${output.type}.${output.id}.writes`;

/** Messages the output wrote in total and the last minute's average rate, from its meter. */
export function writtenCounts(metrics: readonly Metric[], output: Pick<OutputSummary, "id" | "type">): { total: number; perSecond: number } {
  const name = writesMetric(output);
  const meter = metrics.find((metric) => metric.full_name === name);
  if (!meter || meter.type !== "meter") return { total: 0, perSecond: 0 };
  return { total: meter.metric.rate.total, perSecond: meter.metric.rate.one_minute };
}

/** '1 message written · 0.1 msg/s (1 minute average)'. */
export function throughputText(counts: { total: number; perSecond: number }): string {
  const messages = `${counts.total.toLocaleString("en-US")} ${counts.total === 1 ? "message" : "messages"} written`;
  return `${messages} · ${counts.perSecond.toFixed(1)} msg/s (1 minute average)`;
}
