/**
 * The metric names of a pipeline as Graylog 5.1 writes them (the pipelines list reads its throughput there
 * through `/system/metrics/multiple`).
 */
export const pipelineMetricPrefix = (pipelineId: string) => `org.graylog.plugins.pipelineprocessor.ast.Pipeline.${pipelineId}.`;

/** The meter of messages that entered the pipeline. */
export const pipelineThroughputMetric = (pipelineId: string) => `${pipelineMetricPrefix(pipelineId)}executed`;
