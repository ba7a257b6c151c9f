import { createHash } from "node:crypto";

/**
 * The id under which a session is listed to administrators: a digest of the session id, so that the list never
 * hands out what signs a browser in, yet names each session for ending it.
 */
export function listedSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex").slice(0, 32);
}
