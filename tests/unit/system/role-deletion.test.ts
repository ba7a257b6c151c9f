import assert from "node:assert/strict";
import { roleDeletion } from "../../../ui/system/roles/logic/role-deletion.ts";

Deno.test("a role nobody holds may be deleted after the question", () => {
  assert.deepEqual(roleDeletion("Auditor", []), { allowed: true, text: 'Do you really want to delete role "Auditor"?' });
});

Deno.test("deleting a role in use says who holds it and is not offered", () => {
  assert.deepEqual(roleDeletion("Auditor", ["reader"]), {
    allowed: false,
    text: 'The role "Auditor" is in use by 1 user (reader) and cannot be deleted. Remove it from them first.',
  });
  assert.match(roleDeletion("Auditor", ["reader", "rita"]).text, /in use by 2 users \(reader, rita\)/);
});
