import { requires } from "../access.ts";
import { createApiRouter } from "../router.ts";
import { SystemMessagesPageSchema, SystemMessagesQuerySchema } from "../schemas/system-messages.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const list = secureRoute(requires("systemmessages:read"), {
  method: "get", path: "/system/messages", tags: ["System/Messages"], summary: "System messages of the cluster, newest first, 30 a page",
  request: { query: SystemMessagesQuerySchema },
  responses: { 200: jsonContent(SystemMessagesPageSchema, "A page of system messages and their total.") },
});

/** System messages (Graylog's MessagesResource under /system/messages): what the nodes did on their own. */
export function systemMessagesApi() {
  return createApiRouter().openapi(list, async (c) => c.json(await c.get("backend").systemMessages.page(c.req.valid("query").page), 200));
}
