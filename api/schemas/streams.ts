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

export type StreamSummary = z.infer<typeof StreamSummarySchema>;

/** GET /streams: the streams the caller may read. */
export const StreamsListSchema = z
  .object({ total: z.number().int(), streams: z.array(StreamSummarySchema) })
  .openapi("StreamsList");

export type StreamsList = z.infer<typeof StreamsListSchema>;

/** POST /streams/{streamId}/testMatch: a message's fields, as Graylog's stream rule tester takes them. */
export const StreamTestMatchRequestSchema = z
  .object({
    message: z.record(z.string(), z.unknown(), { error: "message must be an object of fields" }),
  })
  .openapi("StreamTestMatchRequest");

export type StreamTestMatchRequest = z.infer<typeof StreamTestMatchRequestSchema>;

/** Whether the message matches the stream, and each rule's verdict by rule id (Graylog's TestMatchResponse). */
export const StreamTestMatchResponseSchema = z
  .object({
    matches: z.boolean(),
    rules: z.record(z.string(), z.boolean()),
  })
  .openapi("StreamTestMatchResponse");

export type StreamTestMatchResponse = z.infer<typeof StreamTestMatchResponseSchema>;
