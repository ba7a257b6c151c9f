/** The simulator's calls through the typed client. */
import { apiCall } from "../../api/api-client.ts";

/** POST /system/pipelines/simulate: the message after the stream's pipelines, and each step. */
export const simulateProcessing = (streamId: string, message: Record<string, unknown>) =>
  apiCall("post", "/system/pipelines/simulate", { body: { stream_id: streamId, message } });

/** GET /messages/{index}/{messageId}: a stored message, to simulate it again. */
export const loadStoredMessage = (index: string, messageId: string) =>
  apiCall("get", "/messages/{index}/{messageId}", { params: { path: { index, messageId } } });
