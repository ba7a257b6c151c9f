import { Select } from "@mantine/core";
import type { AvailableDecorators } from "../../api/schemas/decorators.ts";
import { decoratorTypeOptions } from "./logic/decorator-list.ts";

interface Props {
  /** The available types; the dropdown is disabled until they are loaded. */
  types: AvailableDecorators | undefined;
  /** A type was picked (the dropdown itself keeps no value: it starts a creation). */
  onSelect(type: string): void;
  w?: number | string;
}

/** The 'Select decorator' dropdown (spec 001 §2): picking a type opens its configuration form. */
export function DecoratorTypeSelect({ types, onSelect, w }: Props) {
  return (
    <Select
      aria-label="Select decorator"
      placeholder="Select decorator"
      w={w}
      data={decoratorTypeOptions(types ?? {})}
      value={null}
      onChange={(value) => value && onSelect(value)}
      disabled={!types}
    />
  );
}
