import type { InputCreateRequest, InputStateType, InputSummary } from "../../../../api/schemas/inputs.ts";
import type { Metric } from "../../../../api/schemas/metrics.ts";
import { paths } from "../../../../shared/paths.ts";

/** The page's texts (spec 002 §8 for the toasts). */
export const INPUTS_PAGE_DESCRIPTION = "Graylog nodes accept data via inputs. Launch or terminate as many inputs as you want here.";
export const SELECT_INPUT = "Select input";
export const LAUNCH_NEW_INPUT = "Launch new input";
export const NO_GLOBAL_INPUTS = "There are no global inputs.";
export const NO_LOCAL_INPUTS = "There are no inputs on this node.";
export const FETCH_INPUTS_FAILED_TITLE = "Could not retrieve Inputs";
export const fetchInputsFailedText = (message: string) => `Fetching Inputs failed with status: ${message}`;
export const launchedText = (title: string) => `Input '${title}' launched successfully`;
export const updatedText = (title: string) => `Input '${title}' updated successfully`;
export const deletedText = (title: string) => `Input '${title}' deleted successfully`;
export const deleteQuestion = (title: string) => `Do you really want to delete input '${title}'?`;
export const launchDialogTitle = (typeName: string) => `Launch new ${typeName} input`;
export const editDialogTitle = (title: string) => `Editing Input ${title}`;
export const STATIC_FIELD_ADDED = "Static field added successfully";
export const STATIC_FIELD_REMOVED = "Static field removed successfully";
export const removeStaticFieldQuestion = (key: string) => `Are you sure you want to remove static field '${key}'?`;
export const STATIC_FIELD_HELP =
  "Define a static field that is added to every message that comes in via this input. The field is not overwritten If the message already has that key. Key must only contain alphanumeric characters or underscores and not be a reserved field.";

/** How a state is shown: its badge text and colour. */
export const STATE_BADGES: Record<InputStateType, { label: string; color: string }> = {
  CREATED: { label: "created", color: "gray" },
  INITIALIZED: { label: "initialized", color: "gray" },
  INVALID_CONFIGURATION: { label: "invalid configuration", color: "red" },
  STARTING: { label: "starting", color: "blue" },
  RUNNING: { label: "running", color: "green" },
  FAILED: { label: "failed", color: "red" },
  STOPPING: { label: "stopping", color: "orange" },
  STOPPED: { label: "stopped", color: "gray" },
  TERMINATED: { label: "terminated", color: "gray" },
  SETUP: { label: "setup", color: "blue" },
};

/** A running input may be stopped; any other may be started. */
export const isRunning = (state: InputStateType | undefined) => state === "RUNNING" || state === "STARTING";

/** The search for what the input received ('Show received messages'). */
export function receivedMessagesHref(inputId: string): string {
  const params = new URLSearchParams({ q: `gl2_source_input:${inputId}`, rangetype: "relative", relative: "300" });
  return `${paths.search.href()}?${params}`;
}

/** Where the input listens, e.g. `127.0.0.1:12201`. */
export function listenAddress(input: InputSummary): string | null {
  const { bind_address: address, port } = input.attributes;
  return typeof address === "string" && typeof port === "number" ? `${address}:${port}` : null;
}

/** The metric names of an input's received-message counter (Graylog names it `{type}.{id}.incomingMessages`). */
export const incomingMessagesMetric = (input: Pick<InputSummary, "id" | "type">) => `${input.type}.${input.id}.incomingMessages`;

/** Messages received in total and the last minute's average rate, from the input's meter. */
export function receivedCounts(metrics: readonly Metric[], input: Pick<InputSummary, "id" | "type">): { total: number; perSecond: number } {
  const name = incomingMessagesMetric(input);
  const meter = metrics.find((metric) => metric.full_name === name);
  if (!meter || meter.type !== "meter") return { total: 0, perSecond: 0 };
  return { total: meter.metric.rate.total, perSecond: meter.metric.rate.one_minute };
}

/** '1 message received' / '1,234 messages received'. */
export function receivedText(total: number): string {
  return `${total.toLocaleString("en-US")} ${total === 1 ? "message" : "messages"} received`;
}

/** Global inputs first, then this node's, each by title. */
export function inputSections(inputs: readonly InputSummary[]): { global: InputSummary[]; local: InputSummary[] } {
  const byTitle = (a: InputSummary, b: InputSummary) => a.title.localeCompare(b.title);
  return {
    global: inputs.filter((input) => input.global).sort(byTitle),
    local: inputs.filter((input) => !input.global).sort(byTitle),
  };
}

/** The form's payload as POST/PUT /system/inputs takes it. */
export function inputRequest(
  payload: { type: string; title?: string; configuration: Record<string, unknown> },
  global: boolean,
  nodeId: string | null,
): InputCreateRequest {
  return {
    title: payload.title ?? "",
    type: payload.type,
    global,
    // The form builds each value by its field's type (and encrypted ones as set/keep/delete); the server checks them.
    configuration: payload.configuration as InputCreateRequest["configuration"],
    node: global ? null : nodeId,
  };
}
