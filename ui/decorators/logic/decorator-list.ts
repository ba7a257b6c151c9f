import type { AvailableDecorators, Decorator } from "../../../api/schemas/decorators.ts";
import type { StreamsList } from "../../../api/schemas/streams.ts";
import {
  type ConfigurationField,
  displayConfigurationValue,
  sortedFieldNames,
} from "../../common/config-form/logic/configuration-field.ts";

/** The stream picker's value for the default search (decorators with `stream: null`). */
export const DEFAULT_SEARCH_VALUE = "default-search";
export const DEFAULT_SEARCH_LABEL = "Default Search";
/** Spec 001 §2 and §8 texts. */
export const NO_DECORATORS = "No decorators configured.";
export const UNKNOWN_DECORATOR_TYPE = "Unknown decorator type";
export const DELETE_DECORATOR_QUESTION = "Do you really want to delete this decorator?";

/** The stream id a picker value stands for (null = the default search). */
export function streamOfPickerValue(value: string): string | null {
  return value === DEFAULT_SEARCH_VALUE ? null : value;
}

/** Picker options: the default search first, then the streams by title. */
export function streamPickerOptions(
  streams: readonly Pick<StreamsList["streams"][number], "id" | "title">[],
): { value: string; label: string }[] {
  return [
    { value: DEFAULT_SEARCH_VALUE, label: DEFAULT_SEARCH_LABEL },
    ...[...streams].sort((a, b) => a.title.localeCompare(b.title)).map((stream) => ({
      value: stream.id,
      label: stream.title,
    })),
  ];
}

/** The decorators of one stream (or the default search) in the order they run. */
export function decoratorsOf(decorators: readonly Decorator[], stream: string | null): Decorator[] {
  return decorators.filter((decorator) => decorator.stream === stream).sort((a, b) =>
    a.order - b.order || a.id.localeCompare(b.id)
  );
}

/** The order for a decorator added to a list: after the last one. */
export function nextOrder(decorators: readonly Decorator[]): number {
  return decorators.reduce((max, decorator) => Math.max(max, decorator.order + 1), 0);
}

/** The 'Select decorator' options: every type by name. */
export function decoratorTypeOptions(types: AvailableDecorators): { value: string; label: string }[] {
  return Object.values(types).map((type) => ({ value: type.type, label: type.name })).sort((a, b) =>
    a.label.localeCompare(b.label)
  );
}

/** The title of a decorator in the list: its type's name, or the spec's text for a type this server lacks. */
export function decoratorTitle(decorator: Pick<Decorator, "type">, types: AvailableDecorators): string {
  return types[decorator.type]?.name ?? UNKNOWN_DECORATOR_TYPE;
}

/** A decorator's configuration as label/value lines, in form order (values as text; never rendered as HTML). */
export function configurationSummary(
  decorator: Pick<Decorator, "type" | "config">,
  types: AvailableDecorators,
): { label: string; value: string }[] {
  const fields = types[decorator.type]?.requested_configuration as
    | Record<string, ConfigurationField>
    | undefined;
  if (!fields) {
    return Object.entries(decorator.config).map(([name, value]) => ({
      label: name,
      value: typeof value === "string" ? value : JSON.stringify(value),
    }));
  }
  return sortedFieldNames(fields).map((name) => {
    const field = fields[name];
    const value = decorator.config[name];
    return {
      label: field.human_name,
      value: field.type === "boolean"
        ? (value === true ? "yes" : "no")
        : displayConfigurationValue(field, value),
    };
  });
}
