import { Button, Group, Modal, Select, Stack } from "@mantine/core";
import { useState } from "react";
import type { ExtractorType } from "../../api/schemas/extractors.ts";
import { EXTRACTOR_KIND_VIEWS } from "./inputs/extractors/logic/extractor-kinds.ts";
import { newExtractorHref } from "./inputs/extractors/logic/extractor-list.ts";

// The kinds' views, not the zod schema module: this modal is reached from the search page, which loads no zod.
const TYPE_OPTIONS = (Object.keys(EXTRACTOR_KIND_VIEWS) as ExtractorType[]).map((type) => ({ value: type, label: EXTRACTOR_KIND_VIEWS[type].label }));

/** The message a value's extractor is created from: the input that received it and where it is stored. */
export interface ExtractorExample {
  inputId: string;
  field: string;
  index: string;
  messageId: string;
}

interface Props {
  example: ExtractorExample;
  onClose: () => void;
}

/**
 * 'Select extractor type' (spec 002 §2), System's public entry for the create-extractor value action of the message
 * details: its submit opens the new-extractor page of the message's input for the chosen type in a new tab, with the
 * message as the example.
 */
export function SelectExtractorTypeModal({ example, onClose }: Props) {
  const [type, setType] = useState<ExtractorType | null>(null);
  const submit = () => {
    if (!type) return;
    const href = newExtractorHref({ inputId: example.inputId }, type, example.field, { index: example.index, id: example.messageId });
    globalThis.open(href, "_blank", "noopener");
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Select extractor type">
      <Stack gap="md">
        <Select
          label="Extractor type"
          placeholder="Select extractor type"
          data={TYPE_OPTIONS}
          value={type}
          onChange={(value) => setType(value as ExtractorType | null)}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button disabled={!type} onClick={submit}>Submit</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
