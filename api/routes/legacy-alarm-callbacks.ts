import { z } from "@hono/zod-openapi";
import { AUTHENTICATED, requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { AlarmCallbackHistoryListSchema, AlarmCallbackListSchema, AvailableAlarmCallbacksSchema } from "../schemas/streams.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

/**
 * Graylog 5.1's legacy alarm callback and alert history calls (spec 002 §7 'Streams'). Graylog migrated legacy
 * alarm callbacks to event notifications and no longer creates them; the embedded backend never had any, so the
 * lists answer empty in Graylog's shapes, single callbacks are 404, and alerting is done by event definitions.
 */

const TAGS = ["Streams/Legacy alarm callbacks"];
const id = (name: string) => z.string().min(1, `${name} must not be empty`).max(100, `${name} must be at most 100 characters`);
const StreamId = z.object({ streamId: id("streamId") });
const CallbackId = StreamId.extend({ alarmCallbackId: id("alarmCallbackId") });
const READ = "streams:read:{streamId}";
const noSuchStream = { 404: jsonContent(ApiErrorSchema, "No stream with this id.") };
const noSuchCallback = { 404: jsonContent(ApiErrorSchema, "No such alarm callback.") };
const EMPTY_LIST = { total: 0, alarmcallbacks: [] };

const streamCallbacks = secureRoute(requires(READ), {
  method: "get",
  path: "/streams/{streamId}/alarmcallbacks",
  tags: TAGS,
  summary: "A stream's legacy alarm callbacks (none: they are event notifications now)",
  request: { params: StreamId },
  responses: { 200: jsonContent(AlarmCallbackListSchema, "The callbacks."), ...noSuchStream },
});

const availableForStream = secureRoute(requires(READ), {
  method: "get",
  path: "/streams/{streamId}/alarmcallbacks/available",
  tags: TAGS,
  summary: "Legacy alarm callback types that may be added (none)",
  request: { params: StreamId },
  responses: { 200: jsonContent(AvailableAlarmCallbacksSchema, "The types by class name."), ...noSuchStream },
});

const streamCallback = (method: "get" | "delete") =>
  secureRoute(requires(method === "get" ? READ : "streams:edit:{streamId}"), {
    method,
    path: "/streams/{streamId}/alarmcallbacks/{alarmCallbackId}",
    tags: TAGS,
    summary: method === "get" ? "One legacy alarm callback of a stream" : "Delete a legacy alarm callback of a stream",
    request: { params: CallbackId },
    responses: { ...(method === "get" ? { 200: { description: "The callback." } } : { 204: { description: "Deleted." } }), ...noSuchCallback },
  });

const alertHistory = secureRoute(requires(READ), {
  method: "get",
  path: "/streams/{streamId}/alerts/{alertId}/history",
  tags: TAGS,
  summary: "What the legacy alarm callbacks did for a legacy alert (nothing: events have deliveries instead)",
  request: { params: StreamId.extend({ alertId: id("alertId") }) },
  responses: { 200: jsonContent(AlarmCallbackHistoryListSchema, "The callback histories."), ...noSuchStream },
});

const allCallbacks = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/alerts/callbacks",
  tags: TAGS,
  summary: "Every legacy alarm callback the caller may read (none)",
  responses: { 200: jsonContent(AlarmCallbackListSchema, "The callbacks.") },
});

const callbackTypes = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/alerts/callbacks/types",
  tags: TAGS,
  summary: "Legacy alarm callback types (none)",
  responses: { 200: jsonContent(AvailableAlarmCallbacksSchema, "The types by class name.") },
});

const testCallback = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/alerts/callbacks/{alarmCallbackId}/test",
  tags: TAGS,
  summary: "Send a test alert through a legacy alarm callback",
  request: { params: z.object({ alarmCallbackId: id("alarmCallbackId") }) },
  responses: { 200: { description: "Sent." }, ...noSuchCallback },
});

const noSuchCallbackError = (callbackId: string) => notFound(`Alarm callback <${callbackId}> not found.`);

/** The legacy alarm callback calls: Graylog's shapes, empty. */
export function legacyAlarmCallbacksApi() {
  return createApiRouter()
    .openapi(streamCallbacks, async (c) => {
      await existingStream(c.get("backend").streams.get(c.req.valid("param").streamId), c.req.valid("param").streamId);
      return c.json(EMPTY_LIST, 200);
    })
    .openapi(availableForStream, async (c) => {
      await existingStream(c.get("backend").streams.get(c.req.valid("param").streamId), c.req.valid("param").streamId);
      return c.json({ types: {} }, 200);
    })
    .openapi(streamCallback("get"), (c) => {
      throw noSuchCallbackError(c.req.valid("param").alarmCallbackId);
    })
    .openapi(streamCallback("delete"), (c) => {
      throw noSuchCallbackError(c.req.valid("param").alarmCallbackId);
    })
    .openapi(alertHistory, async (c) => {
      await existingStream(c.get("backend").streams.get(c.req.valid("param").streamId), c.req.valid("param").streamId);
      return c.json({ total: 0, histories: [] }, 200);
    })
    .openapi(allCallbacks, (c) => c.json(EMPTY_LIST, 200))
    .openapi(callbackTypes, (c) => c.json({ types: {} }, 200))
    .openapi(testCallback, (c) => {
      throw noSuchCallbackError(c.req.valid("param").alarmCallbackId);
    });
}

async function existingStream(found: Promise<unknown>, streamId: string): Promise<void> {
  if ((await found) === null) throw notFound(`Stream <${streamId}> not found.`);
}
