import { requires } from "../access.ts";
import { createApiRouter } from "../router.ts";
import type { ClusterConfigStore } from "../schemas/backend.ts";
import {
  completeProcessorOrder,
  MESSAGE_PROCESSORS,
  MESSAGE_PROCESSORS_CONFIG_CLASS,
  type MessageProcessorsConfigWithDescriptors,
  MessageProcessorsConfigWithDescriptorsSchema,
} from "../schemas/message-processors.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const getConfig = secureRoute(requires("clusterconfigentry:read"), {
  method: "get",
  path: "/system/messageprocessors/config",
  tags: ["System/MessageProcessors"],
  summary: "Get message processor configuration",
  responses: {
    200: jsonContent(MessageProcessorsConfigWithDescriptorsSchema, "Every processor in the order messages pass them, and the disabled ones."),
  },
});

const putConfig = secureRoute(requires("clusterconfigentry:edit"), {
  method: "put",
  path: "/system/messageprocessors/config",
  tags: ["System/MessageProcessors"],
  summary: "Update message processor configuration",
  request: { body: jsonBody(MessageProcessorsConfigWithDescriptorsSchema) },
  responses: {
    200: jsonContent(MessageProcessorsConfigWithDescriptorsSchema, "The configuration as saved; the ingest chain follows it at once."),
  },
});

/**
 * The message processors configuration (Graylog's MessageProcessorsResource): the order and enablement of the
 * processors of the ingest chain, kept as the `org.graylog2.messageprocessors.MessageProcessorsConfig` cluster
 * config. A processor the saved order leaves out is added at its end, as Graylog does.
 */
export function messageProcessorsApi() {
  return createApiRouter()
    .openapi(getConfig, async (c) => c.json(await readConfig(c.get("backend").clusterConfig), 200))
    .openapi(putConfig, async (c) => {
      const body = c.req.valid("json");
      const store = c.get("backend").clusterConfig;
      await store.save(MESSAGE_PROCESSORS_CONFIG_CLASS, {
        processor_order: completeProcessorOrder(body.processor_order.map((descriptor) => descriptor.class_name)),
        disabled_processors: body.disabled_processors,
      });
      return c.json(await readConfig(store), 200);
    });
}

async function readConfig(store: ClusterConfigStore): Promise<MessageProcessorsConfigWithDescriptors> {
  const config = await store.get(MESSAGE_PROCESSORS_CONFIG_CLASS);
  return {
    processor_order: completeProcessorOrder(config.processor_order).map((className) => ({
      name: MESSAGE_PROCESSORS[className].name,
      class_name: className,
    })),
    disabled_processors: config.disabled_processors,
  };
}
