import type { z } from "zod";
import type { Backend } from "../../api/schemas/backend.ts";
import type { ContentPackEntityType, EntityDescriptor } from "../../api/schemas/content-packs.ts";
import { GrokPatternBodySchema } from "../../api/schemas/grok.ts";
import { InputCreateRequestSchema } from "../../api/schemas/inputs.ts";
import { LookupCacheBodySchema, LookupDataAdapterBodySchema, type LookupEntityKind, LookupTableBodySchema } from "../../api/schemas/lookup-tables.ts";
import { CreateOutputRequestSchema } from "../../api/schemas/outputs.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import { PipelineBodySchema, RuleBodySchema } from "../../api/schemas/pipelines.ts";
import { CreateStreamRequestSchema } from "../../api/schemas/streams.ts";

/** The stores content packs read from and install into. */
export type ContentPackSources = Pick<Backend, "grokPatterns" | "streams" | "lookupTables" | "pipelines" | "outputs" | "inputs">;

/** An entity on this system, as the catalog and an installation name it. */
export interface NativeEntity {
  id: string;
  title: string;
}

/** An entity's plain data for a pack (before its leaves become value references) and what it needs installed first. */
export interface ExportedEntity {
  title: string;
  data: Record<string, unknown>;
  dependencies: EntityDescriptor[];
}

/** Maps a pack entity id to the native id it was installed (or found) as; an id the pack does not hold stays as it is. */
export type NativeIdOf = (packEntityId: string) => string;

/** What content packs do with one entity type (Graylog's `EntityFacade`). */
export interface EntityFacade {
  version: string;
  excerpts(): Promise<NativeEntity[]>;
  export(id: string): Promise<ExportedEntity | null>;
  /** An equal entity already on the system (the installation uses it and an uninstall leaves it). */
  findExisting(data: Record<string, unknown>): Promise<NativeEntity | null>;
  create(data: Record<string, unknown>, nativeIdOf: NativeIdOf, user: string): Promise<NativeEntity>;
  remove(id: string): Promise<boolean>;
}

const none = () => Promise.resolve(null);
const descriptor = (name: ContentPackEntityType, id: string): EntityDescriptor => ({ id, type: { name, version: "1" } });

/** Parses an entity's data with its area's own request schema; a refusal names the field. */
function parsed<S extends z.ZodType>(schema: S, type: ContentPackEntityType, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new EntityValidationError(`${type}: ${path}${issue.message}`);
}

/** Every entity type's facade over the stores; a type without an entry does not compile. */
export function entityFacades(sources: ContentPackSources): Record<ContentPackEntityType, EntityFacade> {
  const lookup = (kind: LookupEntityKind) => ({
    version: "1",
    excerpts: async () =>
      (await sources.lookupTables.page(kind, { query: "", page: 1, perPage: 1000, sort: "title", order: "asc" })).elements
        .map((entity) => ({ id: entity.id, title: entity.title })),
    findExisting: async (data: Record<string, unknown>) => {
      const found = typeof data.name === "string" ? await sources.lookupTables.get(kind, data.name) : null;
      return found ? { id: found.id, title: found.title } : null;
    },
    remove: (id: string) => sources.lookupTables.delete(kind, id),
  });
  return {
    grok_pattern: {
      version: "1",
      excerpts: async () => (await sources.grokPatterns.all()).map((pattern) => ({ id: pattern.id, title: pattern.name })),
      export: async (id) => {
        const pattern = await sources.grokPatterns.get(id);
        return pattern ? { title: pattern.name, data: { name: pattern.name, pattern: pattern.pattern }, dependencies: [] } : null;
      },
      findExisting: async (data) => {
        const found = (await sources.grokPatterns.all()).find((pattern) => pattern.name === data.name && pattern.pattern === data.pattern);
        return found ? { id: found.id, title: found.name } : null;
      },
      create: async (data) => {
        const created = await sources.grokPatterns.create(parsed(GrokPatternBodySchema, "grok_pattern", data));
        return { id: created.id, title: created.name };
      },
      remove: (id) => sources.grokPatterns.delete(id),
    },
    lookup_adapter: {
      ...lookup("adapters"),
      export: async (id) => {
        const adapter = await sources.lookupTables.get("adapters", id);
        if (!adapter) return null;
        const { title, description, name, custom_error_ttl_enabled, custom_error_ttl, custom_error_ttl_unit, config } = adapter;
        return { title, data: { title, description, name, custom_error_ttl_enabled, custom_error_ttl, custom_error_ttl_unit, config }, dependencies: [] };
      },
      create: async (data) => {
        const created = await sources.lookupTables.create("adapters", parsed(LookupDataAdapterBodySchema, "lookup_adapter", data));
        return { id: created.id, title: created.title };
      },
    },
    lookup_cache: {
      ...lookup("caches"),
      export: async (id) => {
        const cache = await sources.lookupTables.get("caches", id);
        if (!cache) return null;
        const { title, description, name, config } = cache;
        return { title, data: { title, description, name, config }, dependencies: [] };
      },
      create: async (data) => {
        const created = await sources.lookupTables.create("caches", parsed(LookupCacheBodySchema, "lookup_cache", data));
        return { id: created.id, title: created.title };
      },
    },
    lookup_table: {
      ...lookup("tables"),
      export: async (id) => {
        const table = await sources.lookupTables.get("tables", id);
        if (!table) return null;
        const { title, description, name, cache_id, data_adapter_id } = table;
        const { default_single_value, default_single_value_type, default_multi_value, default_multi_value_type } = table;
        return {
          title,
          data: {
            title,
            description,
            name,
            cache_id,
            data_adapter_id,
            default_single_value,
            default_single_value_type,
            default_multi_value,
            default_multi_value_type,
          },
          dependencies: [descriptor("lookup_cache", cache_id), descriptor("lookup_adapter", data_adapter_id)],
        };
      },
      create: async (data, nativeIdOf) => {
        const body = parsed(LookupTableBodySchema, "lookup_table", data);
        const created = await sources.lookupTables.create("tables", {
          ...body,
          cache_id: nativeIdOf(body.cache_id),
          data_adapter_id: nativeIdOf(body.data_adapter_id),
        });
        return { id: created.id, title: created.title };
      },
    },
    stream: {
      version: "1",
      excerpts: async () =>
        (await sources.streams.all()).filter((stream) => !stream.is_default).map((stream) => ({ id: stream.id, title: stream.title })),
      export: async (id) => {
        const stream = await sources.streams.get(id);
        if (!stream || stream.is_default) return null;
        const rules = stream.rules.map(({ field, type, value, inverted, description }) => ({ field, type, value, inverted, description }));
        const { title, description, matching_type, remove_matches_from_default_stream } = stream;
        return { title, data: { title, description, matching_type, remove_matches_from_default_stream, rules }, dependencies: [] };
      },
      findExisting: none,
      create: async (data, _nativeIdOf, user) => {
        const created = await sources.streams.create(parsed(CreateStreamRequestSchema, "stream", data), user);
        return { id: created.id, title: created.title };
      },
      remove: (id) => sources.streams.delete(id),
    },
    output: {
      version: "1",
      excerpts: async () => (await sources.outputs.list()).map((output) => ({ id: output.id, title: output.title })),
      export: async (id) => {
        const output = await sources.outputs.get(id);
        if (!output) return null;
        const { title, type, configuration } = output;
        return { title, data: { title, type, configuration }, dependencies: [] };
      },
      findExisting: none,
      create: async (data, _nativeIdOf, user) => {
        const created = await sources.outputs.create(parsed(CreateOutputRequestSchema, "output", data), user);
        return { id: created.id, title: created.title };
      },
      remove: (id) => sources.outputs.delete(id),
    },
    input: {
      version: "1",
      excerpts: async () => (await sources.inputs.list()).map((input) => ({ id: input.id, title: input.title })),
      export: async (id) => {
        const input = await sources.inputs.get(id);
        if (!input) return null;
        const { title, type, global, attributes } = input;
        return { title, data: { title, type, global, configuration: attributes }, dependencies: [] };
      },
      findExisting: none,
      create: async (data, _nativeIdOf, user) => {
        const created = await sources.inputs.create(parsed(InputCreateRequestSchema, "input", data), user);
        return { id: created.id, title: created.title };
      },
      remove: (id) => sources.inputs.delete(id),
    },
    pipeline_rule: {
      version: "1",
      excerpts: async () => (await sources.pipelines.rules()).flatMap((rule) => (rule.id ? [{ id: rule.id, title: rule.title }] : [])),
      export: async (id) => {
        const rule = await sources.pipelines.rule(id);
        return rule ? { title: rule.title, data: { title: rule.title, description: rule.description, source: rule.source }, dependencies: [] } : null;
      },
      findExisting: async (data) => {
        const found = (await sources.pipelines.rules()).find((rule) => rule.title === data.title && rule.source === data.source);
        return found?.id ? { id: found.id, title: found.title } : null;
      },
      create: async (data) => {
        const created = await sources.pipelines.createRule(parsed(RuleBodySchema, "pipeline_rule", data));
        return { id: created.id ?? "", title: created.title };
      },
      remove: (id) => sources.pipelines.deleteRule(id),
    },
    pipeline: {
      version: "1",
      excerpts: async () => (await sources.pipelines.pipelines()).flatMap((pipeline) => (pipeline.id ? [{ id: pipeline.id, title: pipeline.title }] : [])),
      export: async (id) => {
        const pipeline = await sources.pipelines.pipeline(id);
        if (!pipeline) return null;
        const named = new Set(pipeline.stages.flatMap((stage) => stage.rules));
        const rules = (await sources.pipelines.rules()).filter((rule) => rule.id && named.has(rule.title));
        return {
          title: pipeline.title,
          data: { title: pipeline.title, description: pipeline.description, source: pipeline.source },
          dependencies: rules.map((rule) => descriptor("pipeline_rule", rule.id ?? "")),
        };
      },
      findExisting: none,
      create: async (data) => {
        const created = await sources.pipelines.createPipeline(parsed(PipelineBodySchema, "pipeline", data));
        return { id: created.id ?? "", title: created.title };
      },
      remove: (id) => sources.pipelines.deletePipeline(id),
    },
  };
}
