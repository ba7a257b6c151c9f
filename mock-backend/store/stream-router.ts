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

/** How a rule reads its field: hot fields by their Graylog names, then extra fields; chosen once per rule. */
type FieldReader = (message: IncomingMessage) => FieldValue | undefined;

function fieldReader(name: string): FieldReader {
  switch (name) {
    case "message":
      return (message) => message.message;
    case "source":
      return (message) => message.source;
    case "full_message":
      return (message) => message.fullMessage;
    case "level":
      return (message) => message.level;
    case "facility":
      return (message) => message.facility;
    case "gl2_source_input":
      return (message) => message.inputId;
    case "gl2_remote_ip":
      return (message) => message.remoteIp;
    default:
      return (message) => message.fields?.[name];
  }
}

type ValueTest = (value: FieldValue | undefined, message: IncomingMessage) => boolean;

const text = (value: FieldValue) => typeof value === "string" ? value : String(value);

/** How each rule type matches (Graylog's StreamRuleMatcher classes), compiled once per rule, one entry per type. */
const MATCHERS: Record<StreamRuleType, (rule: StreamRule) => ValueTest> = {
  exact: ({ value: expected }) => (value) => value !== undefined && text(value) === expected,
  greater: ({ value: limit }) => {
    const number = Number(limit);
    return (value) => value !== undefined && Number(value) > number;
  },
  smaller: ({ value: limit }) => {
    const number = Number(limit);
    return (value) => value !== undefined && Number(value) < number;
  },
  // Graylog uses Matcher.find(): the pattern may match anywhere unless anchored.
  regex: ({ value: pattern }) => {
    const regex = new RegExp(pattern, "u");
    return (value) => value !== undefined && regex.test(text(value));
  },
  presence: () => (value) => value !== undefined && value !== "",
  contains: ({ value: part }) => (value) => value !== undefined && text(value).includes(part),
  always_match: () => () => true,
  match_input: ({ value: inputId }) => (_value, message) => message.inputId === inputId,
};

/**
 * What a rule costs to decide, cheapest first: a stream's rules are tried in this order (the outcome of AND and
 * OR does not depend on it), so a regular expression runs only when the cheap rules have not decided the stream.
 */
const RULE_COST: Record<StreamRuleType, number> = {
  always_match: 0,
  match_input: 1,
  presence: 1,
  exact: 2,
  greater: 2,
  smaller: 2,
  contains: 3,
  regex: 4,
};

/** A rule as the router runs it: what decides it (shared by every stream with the same rule) and its cost. */
interface DistinctRule {
  key: string;
  cost: number;
  matches: (message: IncomingMessage) => boolean;
}

function distinctRule(rule: StreamRule): DistinctRule {
  const read = fieldReader(rule.field);
  const test = MATCHERS[rule.type](rule);
  return {
    key: JSON.stringify([rule.field, rule.type, rule.value, rule.inverted]),
    cost: RULE_COST[rule.type],
    matches: rule.inverted ? (message) => !test(read(message), message) : (message) => test(read(message), message),
  };
}

/**
 * Routes messages to streams by their rules at ingest, like Graylog's StreamRouter: a stream matches when its
 * rules do (AND or OR); the default stream gets every message unless a matching stream removes it.
 * Streams often repeat a rule (the same field checked for presence, the same application): each distinct rule
 * is decided at most once per message, and each stream tries its rules cheapest first.
 */
export class StreamRouter {
  private readonly routed: { stream: RoutedStream; rules: Int32Array }[];
  private readonly rules: DistinctRule[] = [];
  /** Per distinct rule: the message (by its number) it was last decided for, and the outcome then. */
  private readonly decidedFor: Int32Array;
  private readonly outcome: Uint8Array;
  private messageNumber = 0;
  private readonly defaultStream: RoutedStream | undefined;
  private readonly byId: Map<string, RoutedStream>;

  constructor(readonly streams: readonly RoutedStream[]) {
    this.defaultStream = streams.find((stream) => stream.isDefault);
    this.byId = new Map(streams.map((stream) => [stream.id, stream]));
    const indexOf = new Map<string, number>();
    const ruleIndex = (rule: StreamRule): number => {
      const compiled = distinctRule(rule);
      let index = indexOf.get(compiled.key);
      if (index === undefined) {
        index = this.rules.push(compiled) - 1;
        indexOf.set(compiled.key, index);
      }
      return index;
    };
    this.routed = streams
      .filter((stream) => !stream.isDefault && !stream.disabled && stream.rules.length > 0)
      .map((stream) => {
        const indices = stream.rules.map(ruleIndex).sort((a, b) => this.rules[a].cost - this.rules[b].cost);
        return { stream, rules: Int32Array.from(indices) };
      });
    this.decidedFor = new Int32Array(this.rules.length).fill(-1);
    this.outcome = new Uint8Array(this.rules.length);
  }

  /** Stream ids for `message`, the default stream first when it keeps the message. */
  route(message: IncomingMessage): string[] {
    // After 2^31 - 2 messages the numbers start again, with every rule undecided.
    if (++this.messageNumber === 0x7fffffff) (this.messageNumber = 0, this.decidedFor.fill(-1));
    const number = this.messageNumber;
    const matched: string[] = [];
    let removeFromDefault = false;
    for (const { stream, rules } of this.routed) {
      const all = stream.matchingType === "AND";
      let matches = all;
      for (let i = 0; i < rules.length; i++) {
        if (this.decide(rules[i], message, number) !== all) {
          matches = !all;
          break;
        }
      }
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

  /** The indexed rule's outcome for the message numbered `number`, decided once. */
  private decide(rule: number, message: IncomingMessage, number: number): boolean {
    if (this.decidedFor[rule] === number) return this.outcome[rule] === 1;
    const matches = this.rules[rule].matches(message);
    this.decidedFor[rule] = number;
    this.outcome[rule] = matches ? 1 : 0;
    return matches;
  }

  /** The index set of each stream id. */
  indexSetOf(streamId: string): string | undefined {
    return this.byId.get(streamId)?.indexSetId;
  }

  has(streamId: string): boolean {
    return this.byId.has(streamId);
  }
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
