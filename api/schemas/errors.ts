import { z } from "@hono/zod-openapi";

/** The JSON body of every error answer (ARCHITECTURE: `{type: "ApiError", message}`). */
export const ApiErrorSchema = z
  .object({ type: z.literal("ApiError"), message: z.string() })
  .openapi("ApiError");

/** 403 for messages of streams the user may not read (spec 000 §2.4, §8). */
export const MissingStreamPermissionSchema = z
  .object({ type: z.literal("MissingStreamPermission"), message: z.string(), streams: z.array(z.string()) })
  .openapi("MissingStreamPermission");

export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
export type MissingStreamPermissionBody = z.infer<typeof MissingStreamPermissionSchema>;
