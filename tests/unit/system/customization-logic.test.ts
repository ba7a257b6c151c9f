import assert from "node:assert/strict";
import { CUSTOMIZATION_DEFAULTS, headerBadge } from "../../../shared/customization-config.ts";
import { badgeTextProblem, CUSTOMIZATION_TEXTS, customizationFailure, isBadgeColor } from "../../../ui/system/configurations/logic/customization.ts";

Deno.test("a badge text is at most five characters, and an enabled badge needs one", () => {
  assert.equal(badgeTextProblem(CUSTOMIZATION_DEFAULTS), null);
  assert.equal(badgeTextProblem({ ...CUSTOMIZATION_DEFAULTS, badge_text: "STAGING" }), "Should be maximum 5 characters long");
  assert.equal(badgeTextProblem({ ...CUSTOMIZATION_DEFAULTS, badge_text: "", badge_enable: true }), "An enabled badge needs a text");
  assert.equal(badgeTextProblem({ ...CUSTOMIZATION_DEFAULTS, badge_text: null, badge_enable: false }), null);
});

Deno.test("badge colours are hex colours; anything else (e.g. CSS with a semicolon) is not", () => {
  assert.equal(isBadgeColor("#1971c2"), true);
  assert.equal(isBadgeColor("#FFF"), true);
  assert.equal(isBadgeColor("red"), false);
  assert.equal(isBadgeColor("#fff;color:red"), false);
});

Deno.test("the navigation shows the badge only while enabled and with a text", () => {
  assert.equal(headerBadge(undefined), null);
  assert.equal(headerBadge(CUSTOMIZATION_DEFAULTS), null);
  assert.deepEqual(headerBadge({ badge_text: "PROD", badge_color: "#e8590c", badge_enable: true }), { text: "PROD", color: "#e8590c" });
});

Deno.test("a failed customization update toasts Graylog's words, naming the config key", () => {
  assert.equal(customizationFailure("Bad Request"), "Update failed: Bad Request");
  assert.equal(CUSTOMIZATION_TEXTS.failureTitle, "Could not update customization: org.graylog2.configuration.Customization");
});
