import type { ContentPackEntityType } from "../../../../api/schemas/content-packs.ts";

/** The user-visible texts of System → Content Packs. */
export const CONTENT_PACKS_TITLE = "Content Packs";
export const CONTENT_PACKS_DESCRIPTION =
  "Content packs accelerate the set up process for a specific data source. A content pack can include inputs/extractors, streams, and dashboards.";
export const CREATE_CONTENT_PACK = "Create a content pack";
export const UPLOAD = "Upload";
export const NO_CONTENT_PACKS = "No content packs found. Please create or upload one";
export const NO_INSTALLATIONS = "No installations yet.";
export const uploadedText = (name: string) => `Content pack ${name} uploaded successfully`;
export const installedText = (name: string) => `Content pack ${name} installed successfully`;
export const uninstalledText = (name: string) => `Content pack ${name} uninstalled successfully`;
export const deletedText = (name: string) => `Content pack ${name} deleted successfully`;
export const createdText = (name: string) => `Content pack ${name} created successfully`;
export const deleteQuestion = (name: string) => `You are about to delete this content pack: ${name}. Are you sure?`;
export const uninstallQuestion = (name: string) => `Do you really want to uninstall this installation of ${name}? These entities will be removed:`;

/** What each entity type is called in the catalog's groups. */
export const ENTITY_TYPE_TITLES: Record<ContentPackEntityType, string> = {
  grok_pattern: "Grok Patterns",
  lookup_adapter: "Lookup Data Adapters",
  lookup_cache: "Lookup Caches",
  lookup_table: "Lookup Tables",
  stream: "Streams",
  output: "Outputs",
  input: "Inputs",
  pipeline_rule: "Pipeline Rules",
  pipeline: "Pipelines",
};
