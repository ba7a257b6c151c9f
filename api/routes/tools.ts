import { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { ApiError } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { NaturalDateSchema } from "../schemas/cluster-config.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const naturalDateTester = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/system/tools/natural_date_tester",
  tags: ["Tools"],
  summary: "Resolve a keyword time range ('last five minutes', 'yesterday', 'from … to …')",
  request: {
    query: z.object({
      string: z.string().min(1, "string must not be empty").max(500),
      timezone: z.string().max(100).default("UTC"),
    }),
  },
  responses: {
    200: jsonContent(NaturalDateSchema, "The absolute range the keyword means now."),
    422: jsonContent(ApiErrorSchema, "The keyword could not be read as a time range."),
  },
});

/** System tools used by the search page: the keyword (natural date) test call. */
export function toolsApi() {
  return createApiRouter().openapi(naturalDateTester, async (c) => {
    const { string, timezone } = c.req.valid("query");
    const result = await c.get("backend").system.naturalDate(string, timezone);
    if ("error" in result) throw new ApiError(422, result.error);
    return c.json(result, 200);
  });
}
