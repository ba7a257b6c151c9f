/** Graylog's page size of `GET /system/messages` (zod-free, for the browser too). */
export const SYSTEM_MESSAGES_PER_PAGE = 30;
