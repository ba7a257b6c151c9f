/**
 * The text of each system notification type (Graylog 5.1's `Notification.Type`, lower-case as on the wire).
 * `{name}` stands for a value: the stored notification's details, overridden by the values a caller posts.
 * Descriptions are written as HTML with only <a>, <code> and <strong>; the plain-text rendering drops the tags.
 */
export const NOTIFICATION_TYPES = [
  "deflector_exists_as_index",
  "multi_master",
  "no_master",
  "es_open_files",
  "es_cluster_red",
  "es_unavailable",
  "no_input_running",
  "input_failed_to_start",
  "input_failure_shutdown",
  "check_server_clocks",
  "outdated_version",
  "email_transport_configuration_invalid",
  "email_transport_failed",
  "stream_processing_disabled",
  "gc_too_long",
  "journal_utilization_too_high",
  "journal_uncommitted_messages_deleted",
  "output_disabled",
  "output_failing",
  "index_ranges_recalculation",
  "generic",
  "generic_with_link",
  "es_node_disk_watermark_low",
  "es_node_disk_watermark_high",
  "es_node_disk_watermark_flood_stage",
  "es_version_mismatch",
  "search_error",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

interface NotificationTemplate {
  title: string;
  description: string;
}

const TEMPLATES: Record<NotificationType, NotificationTemplate> = {
  deflector_exists_as_index: {
    title: "The write alias exists as an index",
    description: "An index named like the write alias of index set {index_set} exists. Delete it so that messages can be written again.",
  },
  multi_master: {
    title: "More than one leader node",
    description: "Several nodes consider themselves the leader. Set <code>is_leader = true</code> on exactly one node.",
  },
  no_master: {
    title: "No leader node",
    description: "No node is the leader, so periodic work such as index rotation does not run. Set <code>is_leader = true</code> on one node.",
  },
  es_open_files: {
    title: "The store's file handle limit is too low",
    description: "Node {hostname} may open only {max_file_descriptors} files. Raise the limit of the process.",
  },
  es_cluster_red: {
    title: "The message store is unhealthy",
    description: "The message store reports the state red: some indices cannot be read or written.",
  },
  es_unavailable: {
    title: "The message store is unavailable",
    description: "The message store cannot be reached. Messages are kept in the journal until it is back.",
  },
  no_input_running: {
    title: "There is a node without any running inputs",
    description: "Node {node_id} has no running input, so it receives no messages. Start or launch one under <a href=\"/system/inputs\">System → Inputs</a>.",
  },
  input_failed_to_start: {
    title: "An input failed to start",
    description: "Input {input_id} failed to start on node {node_id}: {reason}",
  },
  input_failure_shutdown: {
    title: "An input has shut down after failures",
    description: "Input {input_title} ({input_id}) stopped after repeated failures: {reason}",
  },
  check_server_clocks: {
    title: "Check the server clocks",
    description: "A node's clock differs from the others. Keep the clocks in sync, e.g. with NTP.",
  },
  outdated_version: {
    title: "A newer version is available",
    description: "Version {current_version} is available.",
  },
  email_transport_configuration_invalid: {
    title: "The e-mail transport is misconfigured",
    description: "E-mail cannot be sent: {exception}",
  },
  email_transport_failed: {
    title: "Sending an e-mail failed",
    description: "Sending an e-mail failed: {exception}",
  },
  stream_processing_disabled: {
    title: "Processing of a stream was disabled",
    description: "Stream {stream_title} ({stream_id}) took too long to match and was paused. Check its rules, then resume it.",
  },
  gc_too_long: {
    title: "Garbage collection took too long",
    description: "A garbage collection on node {node_id} took {gc_duration_ms} ms, more than the threshold of {gc_threshold_ms} ms.",
  },
  journal_utilization_too_high: {
    title: "The journal is almost full",
    description: "The journal of node {node_id} is {journal_utilization_percentage}% full; messages will be dropped when it is full.",
  },
  journal_uncommitted_messages_deleted: {
    title: "Messages were deleted from the journal before they were stored",
    description: "The journal of node {node_id} was full and deleted messages that were not stored yet.",
  },
  output_disabled: {
    title: "An output was disabled",
    description: "Output {outputTitle} ({outputId}) of stream {streamTitle} was disabled for {faultPenaltySeconds} seconds after {faultCount} failures.",
  },
  output_failing: {
    title: "An output is failing",
    description: "Output {outputTitle} ({outputId}) of stream {streamTitle} is failing: {errorMessage}",
  },
  index_ranges_recalculation: {
    title: "Index ranges need to be recalculated",
    description: "The time ranges of indices {index_sets} are out of date. Recalculate them under <a href=\"/system/indices\">System → Indices</a>.",
  },
  generic: {
    title: "{title}",
    description: "{description}",
  },
  generic_with_link: {
    title: "{title}",
    description: "{description} <a href=\"{url}\">{link_title}</a>",
  },
  es_node_disk_watermark_low: {
    title: "Disk usage above the low watermark",
    description: "The message store's disk usage passed the low watermark; no new shards are placed on node {node_id}.",
  },
  es_node_disk_watermark_high: {
    title: "Disk usage above the high watermark",
    description: "The message store's disk usage passed the high watermark; shards are moved away from node {node_id}.",
  },
  es_node_disk_watermark_flood_stage: {
    title: "Disk usage above the flood stage watermark",
    description: "The message store's disk usage passed the flood stage watermark; indices on node {node_id} are read-only.",
  },
  es_version_mismatch: {
    title: "Message store version mismatch",
    description: "The message store runs version {current_version}; version {initial_version} was expected.",
  },
  search_error: {
    title: "A search failed",
    description: "A search failed: {error_details}",
  },
};

export type RenderFormat = "html" | "plaintext";

/** Renders a notification type's template with the values; a value the template names but nobody gave stays visible as such. */
export function renderNotification(type: NotificationType, format: RenderFormat, values: Record<string, unknown>): NotificationTemplate {
  const template = TEMPLATES[type];
  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? `(${name} unknown)` : escape(String(value));
    });
  const title = fill(template.title, (value) => value);
  if (format === "plaintext") return { title, description: fill(template.description, (value) => value).replace(/<[^>]+>/g, "") };
  return { title, description: fill(template.description, escapeHtml) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
