import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { BundleFileNameSchema, BundleFilesSchema } from "../schemas/support-bundle.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Cluster/Debug/SupportBundle"];
const READ = requires("supportbundle:read");
const CREATE = requires("supportbundle:create");
const FileParams = z.object({ filename: BundleFileNameSchema });
const noSuchBundle = { 404: jsonContent(ApiErrorSchema, "No such support bundle.") };

const build = secureRoute(CREATE, {
  method: "post", path: "/cluster/debug/support/bundle/build", tags: TAGS,
  summary: "Build a new support bundle (Graylog answers 202 with no body; the bundle is in the list once built, here at once)",
  responses: { 202: { description: "Built; no content." } },
});
const list = secureRoute(READ, {
  method: "get", path: "/cluster/debug/support/bundle/list", tags: TAGS, summary: "The downloadable support bundles, newest first",
  responses: { 200: jsonContent(BundleFilesSchema, "File names and sizes in bytes.") },
});
const download = secureRoute(READ, {
  method: "get", path: "/cluster/debug/support/bundle/download/{filename}", tags: TAGS, summary: "Download a support bundle (a zip)",
  request: { params: FileParams },
  responses: {
    200: { description: "The zip.", content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } } },
    ...noSuchBundle,
  },
});
const remove = secureRoute(CREATE, {
  method: "delete", path: "/cluster/debug/support/bundle/{filename}", tags: TAGS, summary: "Delete a support bundle",
  request: { params: FileParams }, responses: { 202: { description: "Deleted; no content." }, ...noSuchBundle },
});

/** Support bundles (Graylog 5.1's SupportBundleClusterResource; this node is the leader). */
export function supportBundlesApi() {
  return createApiRouter()
    .openapi(build, async (c) => {
      await c.get("backend").supportBundles.build();
      return c.body(null, 202);
    })
    .openapi(list, async (c) => c.json(await c.get("backend").supportBundles.list(), 200))
    .openapi(download, async (c) => {
      const { filename } = c.req.valid("param");
      const zip = await c.get("backend").supportBundles.read(filename);
      if (!zip) throw notFound(`Support bundle ${filename} not found.`);
      return new Response(zip, {
        headers: {
          "Content-Type": "application/octet-stream",
          // Graylog's header, unquoted; the name schema admits no character that would need quoting.
          "Content-Disposition": `attachment; filename=${filename}`,
          "Cache-Control": "no-store",
        },
      }) as never;
    })
    .openapi(remove, async (c) => {
      const { filename } = c.req.valid("param");
      if (!(await c.get("backend").supportBundles.delete(filename))) throw notFound(`Support bundle ${filename} not found.`);
      return c.body(null, 202);
    });
}
