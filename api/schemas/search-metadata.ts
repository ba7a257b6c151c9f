import { z } from "@hono/zod-openapi";
import { ParameterSchema } from "./search.ts";

/** POST /views/search/metadata, GET /views/search/metadata/{id}: which parameters each query uses and which are declared. */
export const SearchMetadataSchema = z
  .object({
    query_metadata: z.record(z.string(), z.object({ used_parameters_names: z.array(z.string()) })),
    declared_parameters: z.record(z.string(), ParameterSchema),
  })
  .openapi("SearchMetadata");

export type SearchMetadata = z.infer<typeof SearchMetadataSchema>;
