import { z } from "@hono/zod-openapi";
import { AUTHENTICATED, requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { CLUSTER_CONFIGS, type ClusterConfigClass, isClusterConfigClass } from "../schemas/cluster-config.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import {
  isWhitelisted,
  templateRegex,
  URL_WHITELIST_CONFIG_CLASS,
  type UrlWhitelist,
  UrlWhitelistSchema,
  WhitelistCheckRequestSchema,
  WhitelistCheckResponseSchema,
  whitelistProblems,
  WhitelistRegexGenerationRequestSchema,
  WhitelistRegexGenerationResponseSchema,
} from "../schemas/url-whitelist.ts";
import { describeValidationError } from "../router.ts";

const Params = z.object({ configClass: z.string().min(1).max(300) });
const AnyConfig = z.record(z.string(), z.unknown()).openapi("ClusterConfigDocument");

const ClusterConfigListSchema = z.object({ total: z.number().int(), classes: z.array(z.string()) }).openapi("ClusterConfigList");

const listConfigs = secureRoute(requires("clusterconfigentry:read"), {
  method: "get",
  path: "/system/cluster_config",
  tags: ["Cluster config"],
  summary: "The cluster config classes this node knows (each reads as its defaults until saved)",
  responses: { 200: jsonContent(ClusterConfigListSchema, "The class names.") },
});

const getConfig = secureRoute(requires("clusterconfigentry:read"), {
  method: "get",
  path: "/system/cluster_config/{configClass}",
  tags: ["Cluster config"],
  summary: "A cluster config document by class (e.g. org.graylog2.indexer.searches.SearchesClusterConfig)",
  request: { params: Params },
  responses: { 200: jsonContent(AnyConfig, "The document, or its defaults when never saved."), 404: jsonContent(z.object({ type: z.string(), message: z.string() }), "Unknown config class.") },
});

const putConfig = secureRoute(requires("clusterconfigentry:edit"), {
  method: "put",
  path: "/system/cluster_config/{configClass}",
  tags: ["Cluster config"],
  summary: "Replace a cluster config document",
  request: { params: Params, body: jsonBody(AnyConfig) },
  responses: { 200: jsonContent(AnyConfig, "The saved document."), 404: jsonContent(z.object({ type: z.string(), message: z.string() }), "Unknown config class.") },
});

const getWhitelist = secureRoute(requires("urlwhitelist:read"), {
  method: "get", path: "/system/urlwhitelist", tags: ["System/UrlWhitelist"], summary: "The URL allow-list",
  responses: { 200: jsonContent(UrlWhitelistSchema, "Its entries and whether it is disabled.") },
});
const putWhitelist = secureRoute(requires("urlwhitelist:write"), {
  method: "put", path: "/system/urlwhitelist", tags: ["System/UrlWhitelist"], summary: "Replace the URL allow-list",
  request: { body: jsonBody(UrlWhitelistSchema) }, responses: NoContent,
});
const checkWhitelist = secureRoute(AUTHENTICATED, {
  method: "post", path: "/system/urlwhitelist/check", tags: ["System/UrlWhitelist"], summary: "Whether a URL passes the allow-list",
  request: { body: jsonBody(WhitelistCheckRequestSchema) }, responses: { 200: jsonContent(WhitelistCheckResponseSchema, "The verdict.") },
});
const generateRegex = secureRoute(AUTHENTICATED, {
  method: "post", path: "/system/urlwhitelist/generate_regex", tags: ["System/UrlWhitelist"],
  summary: "A regex entry for a URL template with a placeholder",
  request: { body: jsonBody(WhitelistRegexGenerationRequestSchema) },
  responses: { 200: jsonContent(WhitelistRegexGenerationResponseSchema, "The regex.") },
});

function knownClass(name: string): ClusterConfigClass {
  if (!isClusterConfigClass(name)) {
    throw notFound(`Unknown cluster config class ${name}; known: ${Object.keys(CLUSTER_CONFIGS).join(", ")}`);
  }
  return name;
}

/** Cluster configuration documents (spec 002 §7: GET and PUT /system/cluster_config/{class}) and the URL allow-list. */
export function clusterConfigApi() {
  return createApiRouter()
    .openapi(listConfigs, (c) => {
      const classes = Object.keys(CLUSTER_CONFIGS).sort();
      return c.json({ total: classes.length, classes }, 200);
    })
    .openapi(getConfig, async (c) => {
      const name = knownClass(c.req.valid("param").configClass);
      return c.json(await c.get("backend").clusterConfig.get(name), 200);
    })
    .openapi(putConfig, async (c) => {
      const name = knownClass(c.req.valid("param").configClass);
      const parsed = CLUSTER_CONFIGS[name].schema.safeParse(c.req.valid("json"));
      if (!parsed.success) throw badRequest(describeValidationError("json", parsed.error));
      if (name === URL_WHITELIST_CONFIG_CLASS) refuseProblems(parsed.data as UrlWhitelist);
      await c.get("backend").clusterConfig.save(name, parsed.data);
      return c.json(parsed.data, 200);
    })
    .openapi(getWhitelist, async (c) => c.json(await c.get("backend").clusterConfig.get(URL_WHITELIST_CONFIG_CLASS), 200))
    .openapi(putWhitelist, async (c) => {
      const whitelist = c.req.valid("json");
      refuseProblems(whitelist);
      await c.get("backend").clusterConfig.save(URL_WHITELIST_CONFIG_CLASS, whitelist);
      return c.body(null, 204);
    })
    .openapi(checkWhitelist, async (c) => {
      const { url } = c.req.valid("json");
      return c.json({ url, is_whitelisted: isWhitelisted(await c.get("backend").clusterConfig.get(URL_WHITELIST_CONFIG_CLASS), url) }, 200);
    })
    .openapi(generateRegex, (c) => {
      const { url_template, placeholder } = c.req.valid("json");
      return c.json({ regex: templateRegex(url_template, placeholder) }, 200);
    });
}

function refuseProblems(whitelist: UrlWhitelist): void {
  const problems = whitelistProblems(whitelist);
  if (problems.length > 0) throw badRequest(problems.join("; "));
}
