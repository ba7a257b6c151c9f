import type { DecoratorTypeInfo } from "../../api/schemas/decorators.ts";
import { ConfigurationFormModal } from "../common/config-form/ConfigurationFormModal.tsx";

/** Why the form opens: a new decorator of a type, or changing one's configuration. */
export type DecoratorFormPurpose = "create" | "edit";

interface Props {
  purpose: DecoratorFormPurpose;
  /** The decorator's type; the form asks for its requested configuration. */
  type: DecoratorTypeInfo;
  opened: boolean;
  /** The current configuration when editing. */
  values?: Record<string, unknown>;
  submitting?: boolean;
  onCancel(): void;
  onSubmit(config: Record<string, unknown>): void;
}

/**
 * A decorator type's configuration form in a modal, shared by the decorator administration and the message
 * table's editor so both ask the same questions with the same titles.
 */
export function DecoratorConfigModal(
  { purpose, type, opened, values, submitting = false, onCancel, onSubmit }: Props,
) {
  const texts = FORM_TEXTS[purpose];
  return (
    <ConfigurationFormModal
      opened={opened}
      title={`${texts.verb} ${type.name} decorator`}
      typeName={type.type}
      configFields={type.requested_configuration}
      values={values}
      submitButtonText={texts.submit}
      submitting={submitting}
      onCancel={onCancel}
      onSubmit={(payload) => onSubmit(payload.configuration)}
    />
  );
}

const FORM_TEXTS: Record<DecoratorFormPurpose, { verb: string; submit: string }> = {
  create: { verb: "Create", submit: "Create" },
  edit: { verb: "Edit", submit: "Update" },
};
