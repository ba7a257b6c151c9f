import assert from "node:assert/strict";
import type { EntityShareResponse } from "../../../api/schemas/shares.ts";
import {
  addableGrantees,
  addGrantee,
  changeCapability,
  collaboratorsOf,
  missingDependencyTexts,
  ownerlessOwners,
  removeGrantee,
  shareTexts,
  showsCollaboratorPageSize,
} from "../../../ui/sharing/logic/share-selection.ts";

const ADA = "grn::::user:aaa";
const BOB = "grn::::user:bbb";
const EVERYONE = "grn::::builtin-team:everyone";

function response(overrides: Partial<EntityShareResponse> = {}): EntityShareResponse {
  return {
    entity: "grn::::search:123",
    sharing_user: ADA,
    available_grantees: [
      { grn: EVERYONE, type: "global", title: "Everyone" },
      { grn: ADA, type: "user", title: "Ada" },
      { grn: BOB, type: "user", title: "Bob" },
    ],
    available_capabilities: [{ id: "view", title: "Viewer" }, { id: "manage", title: "Manager" }, {
      id: "own",
      title: "Owner",
    }],
    active_shares: [{ grant: "grn::::grant:1", grantee: ADA, capability: "own" }, {
      grant: "grn::::grant:2",
      grantee: BOB,
      capability: "view",
    }],
    selected_grantee_capabilities: { [ADA]: "own", [BOB]: "view" },
    missing_permissions_on_dependencies: {},
    validation_result: { failed: false, errors: {}, error_context: {} },
    ...overrides,
  };
}

Deno.test("collaborators are new, changed or unchanged against the stored shares, in selection order", () => {
  const selection = {
    [BOB]: "manage",
    [ADA]: "own",
    [EVERYONE]: "view",
    "grn::::user:gone": "view",
  } as const;
  assert.deepEqual(
    collaboratorsOf(selection, response()).map((
      c,
    ) => [c.grantee.title, c.grantee.type, c.capability, c.state]),
    [
      ["Bob", "user", "manage", "changed"],
      ["Ada", "user", "own", "unchanged"],
      ["Everyone", "global", "view", "new"],
      ["grn::::user:gone", "error", "view", "new"],
    ],
  );
});

Deno.test("adding, changing and removing grantees keeps the others and their order", () => {
  const added = addGrantee({ [ADA]: "own" }, BOB, "view");
  assert.deepEqual(Object.entries(added), [[ADA, "own"], [BOB, "view"]]);
  assert.deepEqual(Object.entries(changeCapability(added, ADA, "manage")), [[ADA, "manage"], [BOB, "view"]]);
  assert.deepEqual(removeGrantee(added, ADA), { [BOB]: "view" });
  assert.deepEqual(addableGrantees(response().available_grantees, added).map((g) => g.title), ["Everyone"]);
});

Deno.test("missing dependencies read '{grantee} needs access to …'", () => {
  const answer = response({
    missing_permissions_on_dependencies: {
      [BOB]: [
        { grn: "grn::::stream:1", type: "stream", title: "Web traffic", owners: [] },
        { grn: "grn::::stream:2", type: "stream", title: "Security", owners: [] },
      ],
    },
  });
  assert.deepEqual(missingDependencyTexts(answer), [
    'Bob needs access to stream "Web traffic", stream "Security"',
  ]);
});

Deno.test("the ownerless warning names the removed owners only when validation failed", () => {
  assert.deepEqual(ownerlessOwners(response()), []);
  const failed = response({
    validation_result: {
      failed: true,
      errors: {
        selected_grantee_capabilities: ["Removing the following owners will leave the entity ownerless."],
      },
      error_context: { selected_grantee_capabilities: [ADA] },
    },
  });
  assert.deepEqual(ownerlessOwners(failed), ["Ada"]);
});

Deno.test("the page size select shows only above 10 collaborators; toasts use the spec's texts", () => {
  assert.equal(showsCollaboratorPageSize(10), false);
  assert.equal(showsCollaboratorPageSize(11), true);
  const texts = shareTexts("search", "Failed logins");
  assert.equal(texts.updated, 'Shares for search "Failed logins" updated successfully');
  assert.equal(
    texts.prepareFailed("403"),
    'Preparing shares for search "Failed logins" failed with status: 403',
  );
  assert.equal(
    texts.updateFailed("boom"),
    'Updating shares for search "Failed logins" failed with status: boom',
  );
  assert.equal(texts.noCollaborators, "This search has no collaborators.");
});
