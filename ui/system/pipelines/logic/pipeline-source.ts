import type { STAGE_MATCHES } from "../../../../api/schemas/pipelines.ts";

/**
 * A pipeline as the pipeline page edits it (title, description, stages), and its source in the rule language:
 * Graylog stores a pipeline as source (`pipeline "…" stage N match all|either rule "…"; end`), so the page writes
 * that source from what the user chose and the server parses it.
 */

export type StageMatch = (typeof STAGE_MATCHES)[number];

export interface StageDraft {
  stage: number;
  match: StageMatch;
  rules: string[];
}

export interface PipelineDraft {
  title: string;
  description: string;
  stages: StageDraft[];
}

/** The match modes a stage offers, in the page's words. */
export const STAGE_MATCH_LABELS: Record<Exclude<StageMatch, "PASS">, string> = {
  ALL: "All rules on this stage match the message",
  EITHER: "At least one of the rules on this stage matches the message",
};

/** A string literal of the rule language. */
export function quoted(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** The pipeline's source, stages in order of their number. */
export function pipelineSource(draft: PipelineDraft): string {
  const stages = [...draft.stages].sort((a, b) => a.stage - b.stage).map((stage) =>
    [`stage ${stage.stage} match ${stage.match.toLowerCase()}`, ...stage.rules.map((rule) => `rule ${quoted(rule)};`)].join("\n")
  );
  return [`pipeline ${quoted(draft.title)}`, ...stages, "end"].join("\n");
}

/** The next stage's number: one after the highest (0 for the first). */
export function nextStageNumber(stages: readonly StageDraft[]): number {
  return stages.length === 0 ? 0 : Math.max(...stages.map((stage) => stage.stage)) + 1;
}

/** What keeps the draft from being saved, or null. */
export function draftProblem(draft: PipelineDraft): string | null {
  if (draft.title.trim() === "") return "A pipeline needs a title.";
  const numbers = draft.stages.map((stage) => stage.stage);
  if (new Set(numbers).size !== numbers.length) return "Two stages have the same number.";
  return null;
}
