/**
 * The outputs API from the UI, through the typed client: the outputs, the output types, a stream's outputs, and
 * the outputs' written-message meters, and the calls that create, change, terminate, assign and remove them.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { CreateOutputRequest, OutputSummary, UpdateOutputRequest } from "../../../api/schemas/outputs.ts";
import { apiCall } from "../../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { writesMetric } from "./logic/output-list.ts";

const byStream = (streamId: string) => ({ path: { streamId } });
const byOutput = (outputId: string) => ({ path: { outputId } });

export const outputsQueryOptions = () => resourceQueryOptions("/system/outputs");
export const outputTypesQueryOptions = () => resourceQueryOptions("/system/outputs/available", undefined, { staleTime: 60_000 });
export const streamOutputsQueryOptions = (streamId: string) => resourceQueryOptions("/streams/{streamId}/outputs", byStream(streamId));
/** The stream whose outputs the page shows (its title). */
export const streamQueryOptions = (streamId: string) => resourceQueryOptions("/streams/{streamId}", byStream(streamId));

/** The written-message meters of `outputs` (polled like the throughput, spec 002 §9). */
export const outputMetricsQueryOptions = (outputs: readonly Pick<OutputSummary, "id" | "type">[]) =>
  postedQueryOptions("/system/metrics/multiple", { body: { metrics: outputs.map(writesMetric) } }, { refetchInterval: 2000 });

export const createOutput = (body: CreateOutputRequest) => apiCall("post", "/system/outputs", { body });
export const updateOutput = (outputId: string, body: UpdateOutputRequest) =>
  apiCall("put", "/system/outputs/{outputId}", { params: byOutput(outputId), body });
export const terminateOutput = (outputId: string) => apiCall("delete", "/system/outputs/{outputId}", { params: byOutput(outputId) });
export const assignOutput = (streamId: string, outputId: string) =>
  apiCall("post", "/streams/{streamId}/outputs", { params: byStream(streamId), body: { outputs: [outputId] } });
export const removeOutputFromStream = (streamId: string, outputId: string) =>
  apiCall("delete", "/streams/{streamId}/outputs/{outputId}", { params: { path: { streamId, outputId } } });

export async function invalidateOutputs(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/outputs") });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/streams/{streamId}/outputs") });
}
