import { z } from "@hono/zod-openapi";

/**
 * The message processors of Graylog 5.1 that Sluice runs, by class name (a closed set: the ingest chain maps each
 * to its processors, mock-backend/ingest/ingest-processors.ts). Graylog's GeoIP Resolver and AWS Instance Name
 * Lookup are not offered: Sluice has neither, and a processor that does nothing would lie about the chain.
 */
export const MESSAGE_PROCESSORS = {
  "org.graylog2.messageprocessors.MessageFilterChainProcessor": { name: "Message Filter Chain" },
  "org.graylog2.messageprocessors.StreamMatcherFilterProcessor": { name: "Stream Rule Processor" },
  "org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter": { name: "Pipeline Processor" },
} as const satisfies Record<string, { name: string }>;

export type MessageProcessorClass = keyof typeof MESSAGE_PROCESSORS;

export const MESSAGE_PROCESSORS_CONFIG_CLASS = "org.graylog2.messageprocessors.MessageProcessorsConfig";

/** Graylog's order after its migration V20220818112023: filter chain, stream rules, then pipelines. */
export const DEFAULT_PROCESSOR_ORDER: readonly MessageProcessorClass[] = [
  "org.graylog2.messageprocessors.MessageFilterChainProcessor",
  "org.graylog2.messageprocessors.StreamMatcherFilterProcessor",
  "org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter",
];

export function isMessageProcessorClass(name: string): name is MessageProcessorClass {
  return Object.hasOwn(MESSAGE_PROCESSORS, name);
}

const PROCESSOR_CLASSES = Object.keys(MESSAGE_PROCESSORS) as [MessageProcessorClass, ...MessageProcessorClass[]];

const ProcessorClassSchema = z.enum(PROCESSOR_CLASSES, { message: `must be one of ${PROCESSOR_CLASSES.join(", ")}` });

/** A class name listed twice: Graylog would keep the first, silently; refused here instead. */
function noDuplicates(names: readonly string[], context: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (seen.has(name)) {
      context.addIssue({ code: "custom", path: [index], message: `${name} is listed twice` });
    }
    seen.add(name);
  }
}

/** The stored cluster config (`org.graylog2.messageprocessors.MessageProcessorsConfig`): class names only. */
export const MessageProcessorsConfigSchema = z
  .object({
    processor_order: z.array(ProcessorClassSchema).max(20).superRefine(noDuplicates),
    disabled_processors: z.array(ProcessorClassSchema).max(20).superRefine(noDuplicates),
  })
  .strict()
  .openapi("MessageProcessorsConfig");

export type MessageProcessorsConfig = z.infer<typeof MessageProcessorsConfigSchema>;

export const MESSAGE_PROCESSORS_CONFIG_DEFAULTS: MessageProcessorsConfig = {
  processor_order: [...DEFAULT_PROCESSOR_ORDER],
  disabled_processors: [],
};

/** One processor as `/system/messageprocessors/config` names it (Graylog's MessageProcessorDescriptor). */
export const MessageProcessorDescriptorSchema = z
  .object({ name: z.string().max(200), class_name: ProcessorClassSchema })
  .strict()
  .openapi("MessageProcessorDescriptor");

/** Graylog's MessageProcessorsConfigWithDescriptors: the order with each processor's name, the disabled classes. */
export const MessageProcessorsConfigWithDescriptorsSchema = z
  .object({
    processor_order: z
      .array(MessageProcessorDescriptorSchema)
      .max(20)
      .superRefine((descriptors, context) => noDuplicates(descriptors.map((d) => d.class_name), context)),
    disabled_processors: z.array(ProcessorClassSchema).max(20).superRefine(noDuplicates),
  })
  .strict()
  .openapi("MessageProcessorsConfigWithDescriptors");

export type MessageProcessorsConfigWithDescriptors = z.infer<typeof MessageProcessorsConfigWithDescriptorsSchema>;

/**
 * The stored order completed as Graylog's `withProcessors` does it: known classes in their saved order, then
 * every processor the order leaves out (sorted by class name, case-insensitively).
 */
export function completeProcessorOrder(order: readonly MessageProcessorClass[]): MessageProcessorClass[] {
  const complete = order.filter(isMessageProcessorClass);
  const missing = (Object.keys(MESSAGE_PROCESSORS) as MessageProcessorClass[])
    .filter((name) => !complete.includes(name))
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  return [...complete, ...missing];
}
