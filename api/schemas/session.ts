import { z } from "@hono/zod-openapi";

export const SessionCreateRequestSchema = z
  .object({
    username: z.string().min(1, "username must not be empty").max(256),
    password: z.string().min(1, "password must not be empty").max(1024),
    host: z.string().max(1024).optional().default(""),
  })
  .strict()
  .openapi("SessionCreateRequest");

export const SessionResponseSchema = z
  .object({
    valid_until: z.string(),
    session_id: z.string(),
    username: z.string(),
    user_id: z.string(),
  })
  .openapi("SessionResponse");

export const SessionValidationSchema = z
  .object({ is_valid: z.boolean(), session_id: z.string().nullable(), username: z.string().nullable() })
  .openapi("SessionValidation");

export type SessionCreateRequest = z.infer<typeof SessionCreateRequestSchema>;
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
export type SessionValidation = z.infer<typeof SessionValidationSchema>;

/**
 * A signed-in session as administrators see it (GET /system/sessions/active). Its `id` is a digest of the session
 * id, never the id itself (which would sign its holder in); DELETE /system/sessions/{id} takes either.
 */
export const ActiveSessionSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    user_id: z.string(),
    client_address: z.string(),
    created_at: z.string(),
    last_access: z.string(),
    valid_until: z.string(),
  })
  .openapi("ActiveSession");
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const ActiveSessionListSchema = z
  .object({ sessions: z.array(ActiveSessionSchema), total: z.number().int() })
  .openapi("ActiveSessionList");
