import { z } from "@hono/zod-openapi";

/** Access tokens (Graylog 5.1 `/users/{username}/tokens`): a script signs in with `token:token` basic auth. */

/** A token as listed: its secret is never shown again after creation. */
export const AccessTokenSummarySchema = z
  .object({ id: z.string(), name: z.string(), last_access: z.string() })
  .openapi("TokenSummary");
export type AccessTokenSummary = z.infer<typeof AccessTokenSummarySchema>;

/** The answer of creating a token: the only time its secret (`token`) is shown. */
export const AccessTokenSchema = AccessTokenSummarySchema.extend({ token: z.string() }).openapi("Token");
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const AccessTokenListSchema = z.object({ tokens: z.array(AccessTokenSummarySchema) }).openapi("TokenList");

export const TOKEN_NAME_MAX_LENGTH = 200;

/** Access tokens of users; the store keeps only a hash of each secret. */
export interface AccessTokenStore {
  list(username: string): Promise<AccessTokenSummary[]>;
  create(username: string, name: string): Promise<AccessToken>;
  /** False when the user has no such token. */
  delete(username: string, tokenId: string): Promise<boolean>;
  /** The enabled user a token belongs to (and its last access is noted); null for an unknown token. */
  authenticate(token: string): Promise<string | null>;
}
