import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { NOTIFICATION_TYPES, type RenderFormat, renderNotification } from "../notification-templates.ts";
import { createApiRouter } from "../router.ts";
import { TemplateRenderRequestSchema, TemplateRenderResponseSchema } from "../schemas/notification-messages.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const TypeParam = z.enum(NOTIFICATION_TYPES, { error: `type must be a notification type: ${NOTIFICATION_TYPES.join(", ")}` });
const KeyParam = z.string().min(1).max(200);
const optionalBody = { required: false, content: { "application/json": { schema: TemplateRenderRequestSchema } } };

function renderRoute(format: RenderFormat, keyed: boolean) {
  return secureRoute(requires("notifications:read"), {
    method: "post",
    path: keyed ? `/system/notification/message/${format}/{type}/{key}` : `/system/notification/message/${format}/{type}`,
    tags: ["Notifications"],
    summary: `A notification's title and description as ${format === "html" ? "HTML" : "plain text"}${keyed ? " (a keyed notification)" : ""}`,
    request: { params: keyed ? z.object({ type: TypeParam, key: KeyParam }) : z.object({ type: TypeParam }), body: optionalBody },
    responses: { 200: jsonContent(TemplateRenderResponseSchema, "The rendered title and description.") },
  });
}

/**
 * Notification messages (spec 000 §7.3, spec 002: POST html message with values): the type's template filled with
 * the active notification's details, which the posted values override. Rendering changes nothing.
 */
export function notificationMessagesApi() {
  const router = createApiRouter();
  for (const format of ["html", "plaintext"] as const) {
    for (const keyed of [false, true]) {
      router.openapi(renderRoute(format, keyed), async (c) => {
        const params = c.req.valid("param") as { type: (typeof NOTIFICATION_TYPES)[number]; key?: string };
        const { values } = TemplateRenderRequestSchema.parse(c.req.valid("json") ?? {});
        const active = (await c.get("backend").system.notifications())
          .find((n) => n.type === params.type && (n.key ?? "") === (params.key ?? ""));
        return c.json(renderNotification(params.type, format, { ...(active ? { node_id: active.node_id } : {}), ...active?.details, ...values }), 200);
      });
    }
  }
  return router;
}
