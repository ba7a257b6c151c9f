/** The simulator's calls through the typed client. */
import { apiCall } from "../../api/api-client.ts";

/** POST /system/pipelines/simulate: the message after the stream's pipelines, and each step. */
export const simulateProcessing = (streamId: string, message: Record<string, unknown>) =>
  apiCall("post", "/system/pipelines/simulate", { body: { stream_id: streamId, message } });
