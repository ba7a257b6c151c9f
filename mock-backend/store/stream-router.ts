import { STREAM_RULE_TYPES, type StreamRuleType, streamRuleTypeOf } from "../../api/schemas/streams.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import type { FieldValue, IncomingMessage } from "./incoming-message.ts";

export { STREAM_RULE_TYPES, type StreamRuleType };

export interface StreamRule {
  id: string;
  field: string;
  type: StreamRuleType;
  value: string;
  inverted: boolean;
  description: string;
}

export interface RoutedStream {
  id: string;
  title: string;
  isDefault: boolean;
  disabled: boolean;
  indexSetId: string;
  removeMatchesFromDefaultStream: boolean;
  /** AND: every rule must match; OR: one is enough (Graylog's `matching_type`). */
  matchingType: "AND" | "OR";
  rules: StreamRule[];
}

/** A message's field as a rule sees it: hot fields by their Graylog names, then extra fields. */
function fieldOf(message: IncomingMessage, name: string): FieldValue | undefined {
  switch (name) {
    case "message":
      return message.message;
    case "source":
      return message.source;
    case "full_message":
      return message.fullMessage;
    case "level":
      return message.level;
    case "facility":
      return message.facility;
    case "gl2_source_input":
      return message.inputId;
    case "gl2_remote_ip":
      return message.remoteIp;
    default:
      return message.fields?.[name];
  }
}

type RuleMatcher = (value: FieldValue | undefined, rule: CompiledRule, message: IncomingMessage) => boolean;
interface CompiledRule extends StreamRule {
  regex?: RegExp;
  number?: number;
}

/** How each rule type matches (Graylog's StreamRuleMatcher classes), one entry per type. */
const MATCHERS: Record<StreamRuleType, RuleMatcher> = {
  exact: (value, rule) => value !== undefined && String(value) === rule.value,
  greater: (value, rule) => value !== undefined && Number(value) > (rule.number ?? NaN),
  smaller: (value, rule) => value !== undefined && Number(value) < (rule.number ?? NaN),
  // Graylog uses Matcher.find(): the pattern may match anywhere unless anchored.
  regex: (value, rule) => value !== undefined && rule.regex!.test(String(value)),
  presence: (value) => value !== undefined && value !== "",
  contains: (value, rule) => value !== undefined && String(value).includes(rule.value),
  always_match: () => true,
  match_input: (_value, rule, message) => message.inputId === rule.value,
};

/**
 * Routes messages to streams by their rules at ingest, like Graylog's StreamRouter: a stream matches when its
 * rules do (AND or OR); the default stream gets every message unless a matching stream removes it.
 */
export class StreamRouter {
  private readonly routed: { stream: RoutedStream; rules: CompiledRule[] }[];
  private readonly defaultStream: RoutedStream | undefined;
  private readonly byId: Map<string, RoutedStream>;

  constructor(readonly streams: readonly RoutedStream[]) {
    this.defaultStream = streams.find((stream) => stream.isDefault);
    this.byId = new Map(streams.map((stream) => [stream.id, stream]));
    this.routed = streams
      .filter((stream) => !stream.isDefault && !stream.disabled && stream.rules.length > 0)
      .map((stream) => ({ stream, rules: stream.rules.map(compileRule) }));
  }

  /** Stream ids for `message`, the default stream first when it keeps the message. */
  route(message: IncomingMessage): string[] {
    const matched: string[] = [];
    let removeFromDefault = false;
    for (const { stream, rules } of this.routed) {
      const matches = stream.matchingType === "AND"
        ? rules.every((rule) => ruleMatches(rule, message))
        : rules.some((rule) => ruleMatches(rule, message));
      if (!matches) continue;
      matched.push(stream.id);
      removeFromDefault ||= stream.removeMatchesFromDefaultStream;
    }
    for (const id of message.streams ?? []) {
      const stream = this.byId.get(id);
      if (!stream || stream.disabled || stream.isDefault || matched.includes(id)) continue;
      matched.push(id);
      removeFromDefault ||= stream.removeMatchesFromDefaultStream;
    }
    if (!removeFromDefault || matched.length === 0) {
      matched.unshift(this.defaultStream?.id ?? DEFAULT_STREAM_ID);
    }
    return matched;
  }

  /** The index set of each stream id. */
  indexSetOf(streamId: string): string | undefined {
    return this.byId.get(streamId)?.indexSetId;
  }

  has(streamId: string): boolean {
    return this.byId.has(streamId);
  }
}

function compileRule(rule: StreamRule): CompiledRule {
  return {
    ...rule,
    regex: rule.type === "regex" ? new RegExp(rule.value, "u") : undefined,
    number: rule.type === "greater" || rule.type === "smaller" ? Number(rule.value) : undefined,
  };
}

function ruleMatches(rule: CompiledRule, message: IncomingMessage): boolean {
  const matches = MATCHERS[rule.type](fieldOf(message, rule.field), rule, message);
  return rule.inverted ? !matches : matches;
}

export function streamRuleType(code: number): StreamRuleType {
  const type = streamRuleTypeOf(code);
  if (!type) {
    throw new Error(
      `Unknown stream rule type ${code}; known: ${Object.values(STREAM_RULE_TYPES).join(", ")}`,
    );
  }
  return type;
}
