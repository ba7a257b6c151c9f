/**
 * The inputs API from the UI, through the typed client: the inputs, their states, their types and their
 * received-message meters; the calls that launch, change, start, stop and delete inputs and their static fields.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { InputCreateRequest, InputSummary } from "../../../api/schemas/inputs.ts";
import { apiCall } from "../../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { incomingMessagesMetric } from "./logic/input-list.ts";

/** Node refresh of spec 002 §9: states and counts follow what the listeners do. */
const REFRESH_MS = 5000;

export const inputsQueryOptions = () => resourceQueryOptions("/system/inputs", undefined, { refetchInterval: REFRESH_MS });
export const inputStatesQueryOptions = () => resourceQueryOptions("/system/inputstates", undefined, { refetchInterval: REFRESH_MS });
export const inputTypesQueryOptions = () => resourceQueryOptions("/system/inputs/types/all", undefined, { staleTime: 60_000 });
/** This node (its id is what a local input names). */
export const systemInfoQueryOptions = () => resourceQueryOptions("/system", undefined, { staleTime: 60_000 });

/** The received-message meters of `inputs` (throughput poll of spec 002 §9). */
export const inputMetricsQueryOptions = (inputs: readonly Pick<InputSummary, "id" | "type">[]) =>
  postedQueryOptions("/system/metrics/multiple", { body: { metrics: inputs.map(incomingMessagesMetric) } }, { refetchInterval: 2000 });

const byId = (inputId: string) => ({ path: { inputId } });

export const launchInput = (body: InputCreateRequest) => apiCall("post", "/system/inputs", { body });
export const updateInput = (inputId: string, body: InputCreateRequest) => apiCall("put", "/system/inputs/{inputId}", { params: byId(inputId), body });
export const deleteInput = (inputId: string) => apiCall("delete", "/system/inputs/{inputId}", { params: byId(inputId) });
export const startInput = (inputId: string) => apiCall("put", "/system/inputstates/{inputId}", { params: byId(inputId) });
export const stopInput = (inputId: string) => apiCall("delete", "/system/inputstates/{inputId}", { params: byId(inputId) });
export const addStaticField = (inputId: string, key: string, value: string) =>
  apiCall("post", "/system/inputs/{inputId}/staticfields", { params: byId(inputId), body: { key, value } });
export const removeStaticField = (inputId: string, key: string) =>
  apiCall("delete", "/system/inputs/{inputId}/staticfields/{key}", { params: { path: { inputId, key } } });

export async function invalidateInputs(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/inputs") });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/inputstates") });
}
