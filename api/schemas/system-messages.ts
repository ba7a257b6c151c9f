import { z } from "@hono/zod-openapi";

/** Graylog's system messages: what the node did on its own (rotations, retention, inputs, processing). */
export const SystemMessageSchema = z
  .object({ caller: z.string(), content: z.string(), timestamp: z.string(), node_id: z.string() })
  .openapi("SystemMessage");

export const SystemMessagesPageSchema = z
  .object({ messages: z.array(SystemMessageSchema), total: z.number().int() })
  .openapi("SystemMessages");

export { SYSTEM_MESSAGES_PER_PAGE } from "../../shared/system-messages-page.ts";

export const SystemMessagesQuerySchema = z.object({
  page: z.coerce.number({ message: "page must be a number" }).int("page must be a whole number").min(1, "page must be at least 1")
    .max(1_000_000, "page must be at most 1000000").default(1).openapi({ param: { name: "page", in: "query" } }),
});

export type SystemMessage = z.infer<typeof SystemMessageSchema>;

export interface SystemMessageStore {
  /** Newest first, `SYSTEM_MESSAGES_PER_PAGE` a page. */
  page(page: number): Promise<{ messages: SystemMessage[]; total: number }>;
  /** Records a message (written in the background; `settled` waits for it). */
  record(caller: string, content: string): void;
  settled(): Promise<void>;
}
