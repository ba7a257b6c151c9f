import { ActionIcon, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { canResetQuery, SEARCH_DEBOUNCE_MS } from "./logic/search-query.ts";

interface Props {
  /** The original query; the reset icon restores it. */
  query?: string;
  onSearch(query: string): void;
  placeholder?: string;
  label?: string;
  /** Debounce in ms (default 300, spec 000 §9). */
  debounce?: number;
}

/** A search field that searches 300 ms after typing stops; a reset icon restores the original query (spec 000 §4). */
export function SearchBox(
  { query = "", onSearch, placeholder = "Enter search query...", label, debounce = SEARCH_DEBOUNCE_MS }:
    Props,
) {
  const [typed, setTyped] = useState(query);
  const debouncedSearch = useDebouncedCallback((next: string) => onSearch(next), debounce);
  const reset = () => {
    debouncedSearch.cancel();
    setTyped(query);
    onSearch(query);
  };
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : "Search"}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        debouncedSearch(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          debouncedSearch.cancel();
          onSearch(typed);
        }
      }}
      rightSection={canResetQuery(typed, query)
        ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Reset search"
            title="Reset search"
            onClick={reset}
          >
            <IconX size={16} />
          </ActionIcon>
        )
        : null}
    />
  );
}
