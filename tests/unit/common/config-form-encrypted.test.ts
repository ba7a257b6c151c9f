import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import type {
  ConfigurationField,
  RequestedConfiguration,
} from "../../../ui/common/config-form/logic/configuration-field.ts";
import {
  configurationToSubmit,
  initialConfigurationValues,
  validateFieldValue,
} from "../../../ui/common/config-form/logic/configuration-values.ts";
import {
  editEncrypted,
  encryptedSubmitValue,
  initialEncryptedState,
  isEncryptedReadOnly,
  resetEncrypted,
  undoEncryptedReset,
  wasEncryptedValueSet,
} from "../../../ui/common/config-form/logic/encrypted-value.ts";

const apiKey: ConfigurationField = {
  type: "text",
  human_name: "API key",
  is_encrypted: true,
  attributes: ["is_password"],
};

Deno.test("a stored encrypted value is kept by default and shown read-only", () => {
  const state = initialEncryptedState({ is_set: true });
  equal(isEncryptedReadOnly(state), true);
  assertEquals(encryptedSubmitValue(state), { keep_value: true });
});

Deno.test("resetting a stored encrypted value sends delete_value and can be undone", () => {
  const reset = resetEncrypted();
  assertEquals(encryptedSubmitValue(reset), { delete_value: true });
  equal(wasEncryptedValueSet(reset), true);
  const undone = undoEncryptedReset(reset);
  assertEquals(undone, { kind: "untouched", isSet: true });
  assertEquals(encryptedSubmitValue(undone), { keep_value: true });
});

Deno.test("typing a new encrypted value sends set_value", () => {
  const edited = editEncrypted(initialEncryptedState({ is_set: false }), "s3cret");
  assertEquals(encryptedSubmitValue(edited), { set_value: "s3cret" });
});

Deno.test("clearing an edited encrypted value deletes a stored one and keeps an unset one unset", () => {
  assertEquals(encryptedSubmitValue(editEncrypted(resetEncrypted(), "")), { delete_value: true });
  assertEquals(encryptedSubmitValue(editEncrypted(initialEncryptedState(undefined), "")), {
    keep_value: true,
  });
});

Deno.test("a required encrypted field is satisfied by a kept stored value but not after a reset", () => {
  equal(validateFieldValue(apiKey, initialEncryptedState({ is_set: true })), undefined);
  equal(validateFieldValue(apiKey, resetEncrypted()), "Field is required.");
  equal(validateFieldValue(apiKey, initialEncryptedState({ is_set: false })), "Field is required.");
  equal(validateFieldValue({ ...apiKey, is_optional: true }, resetEncrypted()), undefined);
});

Deno.test("submitting a form with an untouched stored secret sends keep_value for it", () => {
  const fields: RequestedConfiguration = { api_key: apiKey, api_url: { type: "text", human_name: "URL" } };
  const values = initialConfigurationValues(fields, {
    api_key: { is_set: true },
    api_url: "https://otx.example",
  });
  assertEquals(configurationToSubmit(fields, values), {
    api_key: { keep_value: true },
    api_url: "https://otx.example",
  });
});
