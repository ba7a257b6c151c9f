import { atom } from "jotai";
import { FetchError } from "../api/fetch-error.ts";

/** An error a page reported for the error page (spec 000 §2.4, §7.1); cleared on navigation. */
export type ReportedError =
  | { kind: "not-found" }
  | { kind: "missing-permissions" }
  | { kind: "missing-stream-permissions"; streams: string[] }
  | { kind: "unknown"; error: Error };

export const reportedErrorAtom = atom<ReportedError | null>(null);

/** Classifies an error by status: 403 (stream or other), 404, anything else is unknown. */
export function toReportedError(error: unknown): ReportedError {
  if (error instanceof FetchError) {
    if (error.status === 404) return { kind: "not-found" };
    if (error.status === 403) {
      return error.body?.type === "MissingStreamPermission"
        ? { kind: "missing-stream-permissions", streams: error.body.streams ?? [] }
        : { kind: "missing-permissions" };
    }
  }
  return { kind: "unknown", error: error instanceof Error ? error : new Error(String(error)) };
}
