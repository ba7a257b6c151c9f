import type { ShapeAdapter } from "./shape-adapter.ts";

/**
 * Graylog 5.1 answers the paged user list as a `PaginatedResponse` (users, pagination, query and the admin user
 * as `context`), without the `attributes` of its newer entity lists; Sluice's paged lists carry them. The adapter
 * adds none (`[]`): the users table then shows its own default columns, as it does anyway.
 */
export const userPageAttributes: ShapeAdapter = {
  name: "paged users without attributes",
  method: "GET",
  path: "/users/paginated",
  adapt: (answer) =>
    typeof answer === "object" && answer !== null && !Array.isArray(answer) && !("attributes" in answer)
      ? { ...answer, attributes: [] }
      : answer,
};
