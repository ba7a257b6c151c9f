/** The wizard's form as each step's fields use it. */
import type { UseFormReturnType } from "@mantine/form";
import type { BackendFormValues } from "./logic/backend-form.ts";

export type BackendForm = UseFormReturnType<BackendFormValues>;

/** The roles to choose from, as select options (value: role id). */
export type RoleOption = { value: string; label: string };
