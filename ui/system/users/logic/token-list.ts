import { TOKEN_NAME_MAX_LENGTH } from "../../../../api/schemas/access-tokens.ts";

/** The access token page: its checks and texts. */

/** Graylog writes the epoch for a token never used. */
const NEVER_USED = new Date(0).toISOString();

export function validateTokenName(name: string): string | null {
  if (name.trim() === "") return "Field is required.";
  if (name.length > TOKEN_NAME_MAX_LENGTH) return `Must be smaller than ${TOKEN_NAME_MAX_LENGTH + 1}.`;
  return null;
}

export function lastUsedText(lastAccess: string, format: (iso: string) => string): string {
  return lastAccess === NEVER_USED ? "Never" : format(lastAccess);
}

export const revokeQuestion = (name: string) => `Do you really want to revoke the token "${name}"? Scripts using it stop working at once.`;
export const revokedText = (name: string) => `Token "${name}" was revoked.`;
