/** What the rules list and a pipeline's stages show of each rule's counters (GET /system/pipelines/rule/counters). */

export interface RuleCounterEntry {
  rule_id: string;
  executed: number;
  failed: number;
  last_error: { message: string; timestamp: string } | null;
}

/** A rule's counters as shown: runs, errors and the last error (with its time), "—" while unknown. */
export interface RuleCounterView {
  executed: string;
  errors: string;
  lastError: string | null;
}

const UNKNOWN: RuleCounterView = { executed: "—", errors: "—", lastError: null };

/** The view of each rule by id; a rule missing from the answer (or no answer) shows "—". */
export function counterViews(entries: readonly RuleCounterEntry[] | undefined): (ruleId: string) => RuleCounterView {
  const byId = new Map((entries ?? []).map((entry) => [entry.rule_id, entry]));
  return (ruleId) => {
    const entry = byId.get(ruleId);
    if (!entry) return UNKNOWN;
    return {
      executed: entry.executed.toLocaleString("en-US"),
      errors: entry.failed.toLocaleString("en-US"),
      lastError: entry.last_error ? `${entry.last_error.message} (${entry.last_error.timestamp.replace("T", " ").replace(/\.\d+Z$/, "Z")})` : null,
    };
  };
}
