import type { MessageProcessorClass, MessageProcessorsConfigWithDescriptors } from "../../../../api/schemas/message-processors.ts";

type Config = MessageProcessorsConfigWithDescriptors;

/** The processor at `position` moved one place up (-1) or down (+1); out of range leaves the order alone. */
export function moveProcessor(config: Config, position: number, by: -1 | 1): Config {
  const target = position + by;
  if (target < 0 || target >= config.processor_order.length) return config;
  const order = [...config.processor_order];
  [order[position], order[target]] = [order[target], order[position]];
  return { ...config, processor_order: order };
}

/** Enables a disabled processor, disables an enabled one. */
export function toggleProcessor(config: Config, className: MessageProcessorClass): Config {
  const disabled = config.disabled_processors.includes(className)
    ? config.disabled_processors.filter((name) => name !== className)
    : [...config.disabled_processors, className];
  return { ...config, disabled_processors: disabled };
}
