import type { ContentPack, ContentPackEntity, ContentPackParameter, ValueType } from "../../../../api/schemas/content-packs.ts";

/** A value of an entity that a parameter may stand for: the entity, the path to its leaf and what it holds now. */
export interface ParameterTarget {
  key: string;
  entityId: string;
  path: string[];
  label: string;
  valueType: ValueType;
}

/** A parameter as the wizard edits it, with the values it replaces. */
export interface ParameterDraft {
  name: string;
  title: string;
  type: ValueType;
  defaultValue: string;
  targets: string[];
}

const isLeaf = (value: unknown): value is { "@type": string; "@value": unknown } =>
  value !== null && typeof value === "object" && !Array.isArray(value) && "@type" in value && "@value" in value;

/** Every literal leaf of the entities (a parameter may replace any of them), labelled "title → path". */
export function parameterTargets(entities: readonly ContentPackEntity[], titleOf: (entity: ContentPackEntity) => string): ParameterTarget[] {
  const targets: ParameterTarget[] = [];
  const walk = (entity: ContentPackEntity, value: unknown, path: string[]) => {
    if (isLeaf(value)) {
      if (value["@type"] !== "parameter") {
        targets.push({
          key: `${entity.id}:${path.join(".")}`,
          entityId: entity.id,
          path,
          label: `${titleOf(entity)} → ${path.join(".")}`,
          valueType: value["@type"] as ValueType,
        });
      }
    } else if (Array.isArray(value)) value.forEach((inner, index) => walk(entity, inner, [...path, String(index)]));
    else if (value !== null && typeof value === "object") Object.entries(value).forEach(([key, inner]) => walk(entity, inner, [...path, key]));
  };
  for (const entity of entities) walk(entity, entity.data, []);
  return targets;
}

/** The entities with each targeted leaf replaced by a reference to its parameter. */
export function applyParameters(entities: readonly ContentPackEntity[], parameters: readonly ParameterDraft[]): ContentPackEntity[] {
  const byKey = new Map(parameters.flatMap((parameter) => parameter.targets.map((key) => [key, parameter.name] as const)));
  const replace = (entityId: string, value: unknown, path: string[]): unknown => {
    if (isLeaf(value)) {
      const name = byKey.get(`${entityId}:${path.join(".")}`);
      return name ? { "@type": "parameter", "@value": name } : value;
    }
    if (Array.isArray(value)) return value.map((inner, index) => replace(entityId, inner, [...path, String(index)]));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replace(entityId, inner, [...path, key])]));
    }
    return value;
  };
  return entities.map((entity) => ({ ...entity, data: replace(entity.id, entity.data, []) as Record<string, unknown> }));
}

/** A parameter's definition in the pack, its default typed as the parameter says. */
export function parameterDefinition(draft: ParameterDraft): ContentPackParameter {
  const raw = draft.defaultValue.trim();
  const value = draft.type === "string" ? draft.defaultValue : draft.type === "boolean" ? raw === "true" : Number(raw);
  return {
    name: draft.name,
    title: draft.title,
    description: "",
    type: draft.type,
    default_value: raw === "" ? null : { "@type": draft.type, "@value": value },
  };
}

/** What the wizard's first step asks. */
export interface PackDetails {
  name: string;
  summary: string;
  description: string;
  vendor: string;
  url: string;
}

/** A new pack (or the next revision of `previous`) from the details, the resolved entities and the parameters. */
export function buildContentPack(
  details: PackDetails,
  entities: readonly ContentPackEntity[],
  parameters: readonly ParameterDraft[],
  previous: { id: string; rev: number } | null,
  newId: () => string,
): ContentPack {
  return {
    v: "1",
    id: previous?.id ?? newId(),
    rev: previous ? previous.rev + 1 : 1,
    ...details,
    parameters: parameters.map(parameterDefinition),
    entities: applyParameters(entities, parameters),
  };
}

/** Which field of the details is missing, in the wizard's words; null when all required ones are there. */
export function missingDetail(details: PackDetails): string | null {
  if (!details.name.trim()) return "Name is required.";
  if (!details.summary.trim()) return "Summary is required.";
  if (!details.vendor.trim()) return "Vendor is required.";
  return null;
}
