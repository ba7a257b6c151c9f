import type { ThreatIntelConfig } from "../threat-intel-config.ts";
import type { Expression } from "./ast.ts";
import type { RuleType } from "./rule-types.ts";

/** A message as rules see it: fields by Graylog name, its streams, whether it is dropped. */
export interface RuleMessage {
  get(field: string): unknown;
  has(field: string): boolean;
  /** Sets a field; null or undefined leave the message as it is (as in Graylog). */
  set(field: string, value: unknown): void;
  remove(field: string): void;
  /** Every field by name (for `set_fields`-style copies, and the simulator's changed fields). */
  fields(): Record<string, unknown>;
  readonly streams: readonly string[];
  routeTo(streamId: string, removeFromDefault: boolean): void;
  removeFrom(streamId: string): void;
  drop(): void;
  readonly dropped: boolean;
}

/** A lookup table's answer as rules read it (the fields of Graylog's LookupResult they need). */
export interface RuleLookupAnswer {
  readonly single_value: unknown;
  readonly multi_value: Record<string, unknown> | null;
  /** The table's data adapter could not answer (its source unreachable, its file unreadable). */
  readonly has_error: boolean;
}

/** What rules reach beyond the message: lookup tables, grok patterns, streams, the debug log, the clock. */
export interface RuleEnvironment {
  /** A table's answer for `key` (its default values when the key is unknown); null when there is no such table. */
  lookup(table: string, key: string): RuleLookupAnswer | null;
  /** Why a table's data adapter cannot answer, or null. */
  lookupError(table: string): string | null;
  /** Which threat-intelligence sources the combined lookups consult (System → Configurations). */
  threatIntel(): ThreatIntelConfig;
  grokPatterns(): ReadonlyMap<string, string>;
  /** The id of the stream with this title, or null. */
  streamByTitle(title: string): string | null;
  debug(text: string): void;
  now(): number;
  /** A new message from `create_message`, handed to the pipelines after the current one. */
  createMessage(message: string, source: string, timestamp: number): RuleMessage;
}

/** What the checker knows while parsing: the lookup tables (Graylog refuses a rule naming one that does not exist). */
export interface ParseEnvironment {
  hasLookupTable(name: string): boolean;
}

export interface EvaluationContext {
  message: RuleMessage;
  env: RuleEnvironment;
}

export interface RuleFunctionParameter {
  name: string;
  type: RuleType;
  optional?: boolean;
  description: string;
}

/**
 * One function of the rule language: its signature (checked at parse time), an optional check of constant
 * arguments (a regular expression that does not compile, a lookup table that does not exist), and what it does.
 * `run` gets the arguments by position, `undefined` for optional ones not given; it throws on a runtime error.
 */
export interface RuleFunction {
  name: string;
  description: string;
  params: readonly RuleFunctionParameter[];
  returnType: RuleType;
  /** The problem with constant arguments, by parameter position, or null. */
  check?(args: readonly (Expression | undefined)[], env: ParseEnvironment): { index: number; reason: string } | null;
  run(args: unknown[], context: EvaluationContext): unknown;
}

/** Shorthand for a parameter. */
export function param(name: string, type: RuleType, description: string, optional = false): RuleFunctionParameter {
  return { name, type, description, optional };
}

/** A value as text, as Graylog's String.valueOf would write it (null stays null). */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value !== "object") return String(value);
  const plain = Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null;
  // Dates and addresses write themselves; maps and lists are written as JSON.
  return plain ? JSON.stringify(value) : String(value);
}

/** The constant string of an argument, or null when it is not a string literal. */
export function constantText(expression: Expression | undefined): string | null {
  return expression?.kind === "string" ? expression.value : null;
}
