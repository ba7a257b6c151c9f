import { Menu, UnstyledButton } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { toastError, toastSuccess } from "../../../common/toast.ts";
import { COPIED_TEXT } from "../../../common/copy-button/logic/copy-hint.ts";
import { addTermToQuery, fieldTerm } from "../../../view/query-terms.ts";
import { type ExtractorExample, SelectExtractorTypeModal } from "../../../system/SelectExtractorTypeModal.tsx";

interface Props {
  field: string;
  /** The value as text (what the query term and the clipboard get). */
  value: string;
  /** The page's query; with onQueryChange, 'Add to query' and 'Exclude from results' refine it. */
  query?: string;
  onQueryChange?: (query: string) => void;
  /** With the message's input and place (and inputs:edit), 'Create extractor' for this value. */
  extractorExample?: ExtractorExample;
  children: ReactNode;
}

/**
 * A field value in the message details with its value actions: Add to query, Exclude from results, Copy value and
 * Create extractor.
 */
export function ValueActionsMenu({ field, value, query = "", onQueryChange, extractorExample, children }: Props) {
  const [selectingExtractor, setSelectingExtractor] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => toastSuccess(`The value of ${field} was copied to the clipboard.`, COPIED_TEXT),
      (error) => toastError(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Value actions for ${field}`} style={{ textAlign: "left", maxWidth: "100%" }}>
          {children}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {onQueryChange && (
          <>
            <Menu.Item onClick={() => onQueryChange(addTermToQuery(query, fieldTerm(field, value)))}>Add to query</Menu.Item>
            <Menu.Item onClick={() => onQueryChange(addTermToQuery(query, fieldTerm(field, value, true)))}>Exclude from results</Menu.Item>
          </>
        )}
        <Menu.Item onClick={copy}>Copy value</Menu.Item>
        {extractorExample && <Menu.Item onClick={() => setSelectingExtractor(true)}>Create extractor</Menu.Item>}
      </Menu.Dropdown>
      {selectingExtractor && extractorExample && (
        <SelectExtractorTypeModal example={extractorExample} onClose={() => setSelectingExtractor(false)} />
      )}
    </Menu>
  );
}
