import type { Decorator } from "../../api/schemas/decorators.ts";
import type { ResultMessage } from "../../api/schemas/search.ts";
import { decorationStats } from "./decoration-stats.ts";
import type { DecoratorTypeRegistry } from "./decorator-registry.ts";
import type { DecoratorType } from "./decorator-type.ts";

/** A decorator as it is applied: its type and configuration (stored or sent inline with a search type). */
export type AppliedDecorator = Pick<Decorator, "type" | "config" | "order">;

/**
 * The decorators for a messages search, in the order they run: those of the one stream searched (or of the
 * default search when none or several are searched, as Graylog does), then the search type's own, each group
 * by `order`.
 */
export function decoratorsToApply(
  stored: readonly Decorator[],
  streams: readonly string[],
  inline: readonly unknown[],
): AppliedDecorator[] {
  const stream = streams.length === 1 ? streams[0] : null;
  const byOrder = (a: AppliedDecorator, b: AppliedDecorator) => a.order - b.order;
  const own = stored.filter((decorator) => decorator.stream === stream).sort(byOrder);
  return [...own, ...inline.flatMap(inlineDecorator).sort(byOrder)];
}

/**
 * Applies decorators in order to each message; a changed message carries `decoration_stats` and loses the
 * highlight ranges of fields whose value changed (they would point into the old text). Unknown types are
 * skipped: a stored decorator may outlive its type.
 */
export function decorateMessages(
  messages: readonly ResultMessage[],
  decorators: readonly AppliedDecorator[],
  registry: DecoratorTypeRegistry,
): ResultMessage[] {
  const steps = decorators.flatMap((decorator) => {
    const type = registry.find(decorator.type);
    return type ? [{ type, config: decorator.config }] : [];
  });
  if (steps.length === 0) return [...messages];
  return messages.map((entry) => decorateOne(entry, steps));
}

function decorateOne(
  entry: ResultMessage,
  steps: { type: DecoratorType; config: Record<string, unknown> }[],
): ResultMessage {
  const original = entry.message;
  const decorated = capDecoration(original, steps.reduce((fields, { type, config }) => type.decorate(fields, config), original));
  const stats = decorationStats(original, decorated);
  if (!stats) return entry;
  const { highlight_ranges: ranges, ...rest } = entry;
  const touched = new Set([...Object.keys(stats.changed_fields), ...Object.keys(stats.removed_fields)]);
  const kept = ranges
    ? Object.fromEntries(Object.entries(ranges).filter(([field]) => !touched.has(field)))
    : {};
  return {
    ...rest,
    message: decorated,
    ...(Object.keys(kept).length > 0 ? { highlight_ranges: kept } : {}),
    decoration_stats: stats,
  };
}

/**
 * The most text decorating may add to one message: the names and values of every field it adds or changes,
 * together. A format string such as `${message}${message}…` (or a huge inline decorator) could otherwise grow
 * each message by megabytes, for every user whose search it decorates.
 */
export const MAX_DECORATION_CHARS_PER_MESSAGE = 32_768;

/** The decorated fields with what decorating added beyond the budget cut: text shortened (ending in "…"), other values left as they were. */
function capDecoration(original: Readonly<Record<string, unknown>>, decorated: Record<string, unknown>): Record<string, unknown> {
  let budget = MAX_DECORATION_CHARS_PER_MESSAGE;
  let capped: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(decorated)) {
    if (Object.hasOwn(original, name) && original[name] === value) continue;
    const size = name.length + (typeof value === "string" ? value.length : JSON.stringify(value ?? null).length);
    if (size <= budget) {
      budget -= size;
      continue;
    }
    capped ??= { ...decorated };
    const room = budget - name.length;
    if (typeof value === "string" && room > 1) capped[name] = `${value.slice(0, room - 1)}…`;
    else if (Object.hasOwn(original, name)) capped[name] = original[name];
    else delete capped[name];
    budget = 0;
  }
  return capped ?? decorated;
}

/** A decorator sent in a search type's `decorators` list; entries without a type are ignored. */
function inlineDecorator(entry: unknown): AppliedDecorator[] {
  if (typeof entry !== "object" || entry === null) return [];
  const { type, config, order } = entry as Record<string, unknown>;
  if (typeof type !== "string") return [];
  const settings = typeof config === "object" && config !== null && !Array.isArray(config)
    ? config as Record<string, unknown>
    : {};
  return [{ type, config: settings, order: typeof order === "number" ? order : 0 }];
}
