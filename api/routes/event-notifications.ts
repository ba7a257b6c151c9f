import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { BulkOperationRequestSchema, type BulkOperationResponse, BulkOperationResponseSchema } from "../schemas/streams.ts";
import {
  EventNotificationBodySchema,
  EventNotificationListSchema,
  EventNotificationPageSchema,
  EventNotificationSchema,
  NOTIFICATION_SORT_FIELDS,
  NotificationDeliveryListSchema,
  NotificationRefusedError,
  OutboxListSchema,
} from "../schemas/event-notifications.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { type EntityAttribute, pageQuerySchema } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { grantOwnership } from "../shareable-entities.ts";
import { pagedList } from "./paged-list.ts";

/** Graylog's notification permissions. */
const READ = "eventnotifications:read";
const CREATE = "eventnotifications:create";
const EDIT = "eventnotifications:edit";
const DELETE = "eventnotifications:delete";

const TAGS = ["Events/Notifications"];
const NotificationId = z.object({ notificationId: z.string().min(1).max(100) });
const noSuchNotification = { 404: jsonContent(ApiErrorSchema, "No notification with this id.") };
const PageQuery = pageQuerySchema({ sortFields: NOTIFICATION_SORT_FIELDS, defaultSort: "title" });
const LimitQuery = z.object({
  limit: z.coerce.number({ message: "limit must be an integer from 1 to 500" }).int("limit must be an integer from 1 to 500")
    .min(1, "limit must be an integer from 1 to 500").max(500, "limit must be an integer from 1 to 500").default(50),
});

const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true, searchable: true },
  { id: "description", title: "Description", type: "STRING", sortable: true, searchable: true },
  { id: "type", title: "Type", type: "STRING", sortable: false, searchable: false },
];

const list = (path: "/events/notifications" | "/events/notifications/paginated") =>
  secureRoute(requires(READ), {
    method: "get",
    path,
    tags: TAGS,
    summary: path.endsWith("paginated") ? "The entity-table list of notifications (`elements`)" : "One page of notifications (`notifications`)",
    request: { query: PageQuery },
    responses: {
      200: jsonContent(path.endsWith("paginated") ? EventNotificationPageSchema : EventNotificationListSchema, "One page of notifications."),
    },
  });

const getNotification = secureRoute(requires(`${READ}:{notificationId}`), {
  method: "get",
  path: "/events/notifications/{notificationId}",
  tags: TAGS,
  summary: "One notification",
  request: { params: NotificationId },
  responses: { 200: jsonContent(EventNotificationSchema, "The notification."), ...noSuchNotification },
});

const createNotification = secureRoute(requires(CREATE), {
  method: "post",
  path: "/events/notifications",
  tags: TAGS,
  summary: "Create a notification (HTTP, email or Slack webhook)",
  request: { body: jsonBody(EventNotificationBodySchema) },
  responses: { 200: jsonContent(EventNotificationSchema, "The stored notification with its id.") },
});

const updateNotification = secureRoute(requires(`${EDIT}:{notificationId}`), {
  method: "put",
  path: "/events/notifications/{notificationId}",
  tags: TAGS,
  summary: "Change a notification",
  request: { params: NotificationId, body: jsonBody(EventNotificationBodySchema) },
  responses: { 200: jsonContent(EventNotificationSchema, "The stored notification."), ...noSuchNotification },
});

const deleteNotification = secureRoute(requires(`${DELETE}:{notificationId}`), {
  method: "delete",
  path: "/events/notifications/{notificationId}",
  tags: TAGS,
  summary: "Delete a notification; event definitions stop using it and its pending sends fail",
  request: { params: NotificationId },
  responses: { ...NoContent, ...noSuchNotification },
});

const testNotification = secureRoute(requires(CREATE), {
  method: "post",
  path: "/events/notifications/test",
  tags: TAGS,
  summary: "Send a test notification with a made-up event, once; a failure is a 400 with the reason",
  request: { body: jsonBody(EventNotificationBodySchema) },
  responses: { ...NoContent, 400: jsonContent(ApiErrorSchema, "The notification could not be sent: why.") },
});

const testStoredNotification = secureRoute(requires(`${EDIT}:{notificationId}`), {
  method: "post",
  path: "/events/notifications/{notificationId}/test",
  tags: TAGS,
  summary: "Send a test of a stored notification",
  request: { params: NotificationId },
  responses: { ...NoContent, ...noSuchNotification, 400: jsonContent(ApiErrorSchema, "The notification could not be sent: why.") },
});

const listDeliveries = secureRoute(requires(`${READ}:{notificationId}`), {
  method: "get",
  path: "/events/notifications/{notificationId}/deliveries",
  tags: TAGS,
  summary: "Sluice: the newest sends of a notification with their status, attempts and last error",
  request: { params: NotificationId, query: LimitQuery },
  responses: { 200: jsonContent(NotificationDeliveryListSchema, "Newest first."), ...noSuchNotification },
});

const listOutbox = secureRoute(requires(READ), {
  method: "get",
  path: "/events/notifications/outbox",
  tags: TAGS,
  summary: "Sluice: the mail email notifications delivered (there is no mail server), newest first",
  request: { query: LimitQuery },
  responses: { 200: jsonContent(OutboxListSchema, "Newest first.") },
});

const bulkDelete = secureRoute(requires(DELETE), {
  method: "post",
  path: "/events/notifications/bulk_delete",
  tags: TAGS,
  summary: "Delete several notifications",
  request: { body: jsonBody(BulkOperationRequestSchema) },
  responses: { 200: jsonContent(BulkOperationResponseSchema, "How many succeeded and why the others failed.") },
});

const notFoundError = (id: string) => notFound(`Notification <${id}> doesn't exist`);

async function refusalsAreBadRequests(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (error instanceof NotificationRefusedError) throw badRequest(error.message);
    throw error;
  }
}

/** Alerts → Notifications (Graylog 5.1 `/events/notifications`). */
export function eventNotificationsApi() {
  return createApiRouter()
    .openapi(list("/events/notifications/paginated"), async (c) => {
      const answer = await pagedList(c.req.valid("query"), "elements", ATTRIBUTES, (request) => c.get("backend").eventNotifications.page(request));
      return c.json(answer, 200);
    })
    .openapi(listOutbox, async (c) => c.json(await c.get("backend").eventNotifications.outbox(c.req.valid("query").limit), 200))
    .openapi(list("/events/notifications"), async (c) => {
      const answer = await pagedList(c.req.valid("query"), "notifications", ATTRIBUTES, (request) => c.get("backend").eventNotifications.page(request));
      return c.json(answer, 200);
    })
    .openapi(testNotification, async (c) => {
      await refusalsAreBadRequests(c.get("backend").eventNotifications.test(c.req.valid("json"), null));
      return c.body(null, 204);
    })
    .openapi(bulkDelete, async (c) => {
      const answer: BulkOperationResponse = { successfully_performed: 0, failures: [], errors: [] };
      for (const id of c.req.valid("json").entity_ids) {
        if (await c.get("backend").eventNotifications.delete(id)) answer.successfully_performed++;
        else answer.failures.push({ entity_id: id, failure_explanation: `Notification <${id}> doesn't exist` });
      }
      return c.json(answer, 200);
    })
    .openapi(getNotification, async (c) => {
      const { notificationId } = c.req.valid("param");
      const notification = await c.get("backend").eventNotifications.get(notificationId);
      if (!notification) throw notFoundError(notificationId);
      return c.json(notification, 200);
    })
    .openapi(createNotification, async (c) => {
      const created = await c.get("backend").eventNotifications.create(c.req.valid("json"));
      await grantOwnership(c.get("backend"), c.get("user")!, "notification", created.id);
      return c.json(created, 200);
    })
    .openapi(updateNotification, async (c) => {
      const { notificationId } = c.req.valid("param");
      const updated = await c.get("backend").eventNotifications.update(notificationId, c.req.valid("json"));
      if (!updated) throw notFoundError(notificationId);
      return c.json(updated, 200);
    })
    .openapi(deleteNotification, async (c) => {
      const { notificationId } = c.req.valid("param");
      if (!(await c.get("backend").eventNotifications.delete(notificationId))) throw notFoundError(notificationId);
      return c.body(null, 204);
    })
    .openapi(testStoredNotification, async (c) => {
      const { notificationId } = c.req.valid("param");
      const notification = await c.get("backend").eventNotifications.get(notificationId);
      if (!notification) throw notFoundError(notificationId);
      await refusalsAreBadRequests(c.get("backend").eventNotifications.test(notification, null));
      return c.body(null, 204);
    })
    .openapi(listDeliveries, async (c) => {
      const { notificationId } = c.req.valid("param");
      if (!(await c.get("backend").eventNotifications.get(notificationId))) throw notFoundError(notificationId);
      return c.json({ deliveries: await c.get("backend").eventNotifications.deliveries(notificationId, c.req.valid("query").limit) }, 200);
    });
}
