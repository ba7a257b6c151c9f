import { z } from "@hono/zod-openapi";

/** A stream as the search page's streams selector needs it (spec 001 §7 'Streams list'). */
export const StreamSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    is_default: z.boolean(),
    disabled: z.boolean(),
  })
  .openapi("StreamSummary");

/** GET /streams: the streams the caller may read. */
export const StreamsListSchema = z
  .object({ total: z.number().int(), streams: z.array(StreamSummarySchema) })
  .openapi("StreamsList");

export type StreamsList = z.infer<typeof StreamsListSchema>;
