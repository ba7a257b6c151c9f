/**
 * Graylog's `template-v1` event field provider, the part the embedded backend supports: `${source.NAME}` is the
 * value of NAME in the aggregation's result message (group-by values, `aggregation_value_*`, `aggregation_key`),
 * `${event_definition_title}` and `${event_definition_id}` the definition's. Anything else reads as empty, as an
 * unknown variable does in Graylog's templates.
 */
export interface TemplateContext {
  source: Readonly<Record<string, string>>;
  eventDefinitionTitle: string;
  eventDefinitionId: string;
}

const VARIABLE = /\$\{([^}]*)\}/g;

export function renderFieldTemplate(template: string, context: TemplateContext): string {
  return template.replace(VARIABLE, (_, name: string) => {
    const trimmed = name.trim();
    if (trimmed.startsWith("source.")) return context.source[trimmed.slice("source.".length)] ?? "";
    if (trimmed === "event_definition_title") return context.eventDefinitionTitle;
    if (trimmed === "event_definition_id") return context.eventDefinitionId;
    return "";
  });
}
