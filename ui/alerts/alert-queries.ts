/**
 * The events API from the UI, through the typed client: event definitions, notifications and the events search.
 * Every change invalidates the lists it touches.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { EventDefinitionBody } from "../../api/schemas/event-definitions.ts";
import type { EventNotificationBody } from "../../api/schemas/event-notifications.ts";
import type { EventsSearchRequest } from "../../api/schemas/events.ts";
import { apiCall } from "../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../api/resource-query.ts";

export interface ListParams {
  query: string;
  page: number;
  perPage: number;
  order: "asc" | "desc";
}

export const definitionPageQueryOptions = ({ query, page, perPage, order }: ListParams) => ({
  ...resourceQueryOptions("/events/definitions/paginated", { query: { query, page, per_page: perPage, sort: "title", order } }),
  placeholderData: keepPreviousData,
});

export const definitionQueryOptions = (definitionId: string) =>
  resourceQueryOptions("/events/definitions/{definitionId}", { path: { definitionId } });

export const notificationPageQueryOptions = ({ query, page, perPage, order }: ListParams) => ({
  ...resourceQueryOptions("/events/notifications/paginated", { query: { query, page, per_page: perPage, sort: "title", order } }),
  placeholderData: keepPreviousData,
});

/** Every notification (for the definition wizard's picker). */
export const allNotificationsQueryOptions = () =>
  resourceQueryOptions("/events/notifications", { query: { per_page: 1000 } });

export const deliveriesQueryOptions = (notificationId: string) =>
  resourceQueryOptions("/events/notifications/{notificationId}/deliveries", { path: { notificationId }, query: { limit: 10 } });

export const outboxQueryOptions = () => resourceQueryOptions("/events/notifications/outbox", { query: { limit: 20 } });

export const eventsSearchQueryOptions = (request: Partial<EventsSearchRequest>) => ({
  ...postedQueryOptions("/events/search", { body: request as EventsSearchRequest }),
  placeholderData: keepPreviousData,
});

const definitionPath = (definitionId: string) => ({ path: { definitionId } });
const notificationPath = (notificationId: string) => ({ path: { notificationId } });

/**
 * The generated OpenAPI type of the body spells the recursive condition expression differently from zod's type;
 * both describe the same JSON, so the zod-typed body is passed as the generated one.
 */
type GeneratedDefinitionBody = Parameters<typeof apiCall<"post", "/events/definitions">>[2] extends { body?: infer B } ? B : never;
const asGenerated = (body: EventDefinitionBody) => body as unknown as GeneratedDefinitionBody;

export const createDefinition = (body: EventDefinitionBody, schedule: boolean) =>
  apiCall("post", "/events/definitions", { params: { query: { schedule: schedule ? "true" : "false" } }, body: asGenerated(body) });
export const updateDefinition = (definitionId: string, body: EventDefinitionBody, schedule: boolean) =>
  apiCall("put", "/events/definitions/{definitionId}", {
    params: { ...definitionPath(definitionId), query: { schedule: schedule ? "true" : "false" } },
    body: asGenerated(body),
  });
export const deleteDefinition = (definitionId: string) =>
  apiCall("delete", "/events/definitions/{definitionId}", { params: definitionPath(definitionId) });
export const scheduleDefinition = (definitionId: string, scheduled: boolean) =>
  scheduled
    ? apiCall("put", "/events/definitions/{definitionId}/schedule", { params: definitionPath(definitionId) })
    : apiCall("put", "/events/definitions/{definitionId}/unschedule", { params: definitionPath(definitionId) });
export const bulkDefinitions = (action: "bulk_delete" | "bulk_schedule" | "bulk_unschedule", ids: string[]) =>
  apiCall("post", `/events/definitions/${action}`, { body: { entity_ids: ids } });

export const createNotification = (body: EventNotificationBody) => apiCall("post", "/events/notifications", { body });
export const updateNotification = (notificationId: string, body: EventNotificationBody) =>
  apiCall("put", "/events/notifications/{notificationId}", { params: notificationPath(notificationId), body });
export const deleteNotification = (notificationId: string) =>
  apiCall("delete", "/events/notifications/{notificationId}", { params: notificationPath(notificationId) });
export const testNotification = (body: EventNotificationBody) => apiCall("post", "/events/notifications/test", { body });

export async function invalidateDefinitions(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/events/definitions/paginated") });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/events/definitions/{definitionId}") });
}

export async function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/events/notifications/paginated") });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/events/notifications") });
}
