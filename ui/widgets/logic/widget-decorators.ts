import type { WidgetDecorator } from "../../../api/schemas/widgets.ts";

/**
 * The decorators list of a message table's editor (spec 001 §2): a widget's own decorators run after the
 * stream's in `order`. Every change returns the list in run order with `order` renumbered 0…n-1, so the
 * position on screen, the index the editor acts on and the order the server applies are one and the same.
 */

/** The widget's decorators in the order they run (stable for equal orders, as the server sorts). */
export function widgetDecoratorsInOrder(decorators: readonly WidgetDecorator[]): WidgetDecorator[] {
  return renumbered([...decorators].sort((a, b) => a.order - b.order));
}

/** 'Select decorator' then the form's submit: the new decorator runs last. */
export function withDecoratorAdded(
  decorators: readonly WidgetDecorator[],
  type: string,
  config: Record<string, unknown>,
): WidgetDecorator[] {
  return renumbered([...widgetDecoratorsInOrder(decorators), { type, config, order: 0 }]);
}

/** Edit: the decorator at `index` (run order) gets the new configuration; its type and place stay. */
export function withDecoratorChanged(
  decorators: readonly WidgetDecorator[],
  index: number,
  config: Record<string, unknown>,
): WidgetDecorator[] {
  return widgetDecoratorsInOrder(decorators).map((decorator, at) =>
    at === index ? { ...decorator, config } : decorator
  );
}

/** Delete: the decorator at `index` (run order) goes; the ones after it move up. */
export function withDecoratorRemoved(
  decorators: readonly WidgetDecorator[],
  index: number,
): WidgetDecorator[] {
  return renumbered(widgetDecoratorsInOrder(decorators).filter((_, at) => at !== index));
}

/**
 * Graylog's decorator types that add a field (format string, syslog severity mapper, lookup table) name it in
 * `target_field`; the editor offers these names in its Fields picker, since the index does not know them yet.
 */
const TARGET_FIELD_SETTING = "target_field";

/** The fields the decorators write, in run order without repeats (empty names left out: such a decorator writes nothing). */
export function fieldsWrittenBy(decorators: readonly WidgetDecorator[]): string[] {
  const names = widgetDecoratorsInOrder(decorators).flatMap((decorator) => {
    const target = decorator.config[TARGET_FIELD_SETTING];
    return typeof target === "string" && target !== "" ? [target] : [];
  });
  return [...new Set(names)];
}

function renumbered(decorators: readonly WidgetDecorator[]): WidgetDecorator[] {
  return decorators.map((decorator, order) => ({ ...decorator, order }));
}
