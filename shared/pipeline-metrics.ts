/**
 * The metric names of a pipeline as Graylog 5.1 writes them (the pipelines list reads its throughput there
 * through `/system/metrics/multiple`).
 */
export const pipelineMetricPrefix = (pipelineId: string) => `org.graylog.plugins.pipelineprocessor.ast.Pipeline.${pipelineId}.`;

/** The meter of messages that entered the pipeline. */
export const pipelineThroughputMetric = (pipelineId: string) => `${pipelineMetricPrefix(pipelineId)}executed`;

/** The metric names of a rule as Graylog 5.1 writes them. */
export const ruleMetricPrefix = (ruleId: string) => `org.graylog.plugins.pipelineprocessor.ast.Rule.${ruleId}.`;

/** A rule's count: how often it ran its actions, failed with a runtime error, matched or did not. */
export const ruleMetric = (ruleId: string, what: "executed" | "failed" | "matched" | "not-matched") => `${ruleMetricPrefix(ruleId)}${what}`;
