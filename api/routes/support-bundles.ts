import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { BundleFileNameSchema, BundleFileSchema, BundleFilesSchema } from "../schemas/support-bundle.ts";
import { jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Cluster/Debug/SupportBundle"];
const READ = requires("supportbundle:read");
const CREATE = requires("supportbundle:create");
const FileParams = z.object({ filename: BundleFileNameSchema });
const noSuchBundle = { 404: jsonContent(ApiErrorSchema, "No such support bundle.") };

const build = secureRoute(CREATE, {
  method: "post", path: "/cluster/debug/support/bundle/build", tags: TAGS, summary: "Build a new support bundle",
  responses: { 200: jsonContent(BundleFileSchema, "The bundle built.") },
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
  request: { params: FileParams }, responses: { ...NoContent, ...noSuchBundle },
});

/** Support bundles (Graylog 5.1's SupportBundleClusterResource; this node is the leader). */
export function supportBundlesApi() {
  return createApiRouter()
    .openapi(build, async (c) => c.json(await c.get("backend").supportBundles.build(), 200))
    .openapi(list, async (c) => c.json(await c.get("backend").supportBundles.list(), 200))
    .openapi(download, async (c) => {
      const { filename } = c.req.valid("param");
      const zip = await c.get("backend").supportBundles.read(filename);
      if (!zip) throw notFound(`Support bundle ${filename} not found.`);
      return new Response(zip, {
        headers: {
          "Content-Type": "application/octet-stream",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "no-store",
        },
      }) as never;
    })
    .openapi(remove, async (c) => {
      const { filename } = c.req.valid("param");
      if (!(await c.get("backend").supportBundles.delete(filename))) throw notFound(`Support bundle ${filename} not found.`);
      return c.body(null, 204);
    });
}
