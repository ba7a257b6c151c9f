import assert from "node:assert/strict";
import { DEFAULT_PAGE_CONFIG } from "../../../ui/api/page-config.ts";
import { SYSTEM_SECTIONS, systemMenuTitle, systemSectionOf } from "../../../ui/shell/system-sections.ts";

Deno.test("a page inside a section titles the System menu 'System / {section}'", () => {
  const cases: [string, string][] = [
    ["/system/index_sets/x", "System / Indices"],
    ["/system/indices", "System / Indices"],
    ["/system/indices/failures", "System / Indices"],
    ["/system/metrics/node/abc", "System / Nodes"],
    ["/system/threaddump/abc", "System / Nodes"],
    ["/system/inputs/1/extractors", "System / Inputs"],
    ["/system/users/edit/42", "System / Users and Teams"],
    ["/system/authentication/services/create", "System / Authentication"],
    ["/system/lookuptables/caches", "System / Lookup Tables"],
    ["/system/pipelines/rules", "System / Pipelines"],
    ["/system/overview", "System / Overview"],
  ];
  for (const [path, title] of cases) assert.equal(systemMenuTitle(path), title, path);
});

Deno.test("pages outside the System sections keep the plain 'System' title", () => {
  for (const path of ["/", "/search", "/streams", "/system", "/system/unknown", "/security"]) {
    assert.equal(systemMenuTitle(path), "System", path);
  }
});

Deno.test("a section matches whole path segments only", () => {
  assert.equal(systemSectionOf("/system/inputsx"), undefined);
  assert.equal(systemSectionOf("/system/nodes")?.title, "Nodes");
  assert.equal(systemSectionOf("/security/anything")?.title, "Security", "Security belongs to a section but is not under /system");
});

Deno.test("menu entries require the permissions of spec 000 §6", () => {
  const byTitle = Object.fromEntries(SYSTEM_SECTIONS.map((s) => [s.title, s]));
  const expected: [string, string[], boolean][] = [
    ["Configurations", ["clusterconfigentry:read"], false],
    ["Inputs", ["inputs:read"], false],
    ["Outputs", ["outputs:read"], false],
    ["Indices", ["indices:read"], false],
    ["Logging", ["loggers:read"], false],
    ["Roles", ["roles:read"], true],
    ["Authentication", ["authentication:edit"], true],
    ["Content Packs", ["contentpack:read"], false],
    ["Grok Patterns", ["grok_pattern:read"], false],
    ["Lookup Tables", ["lookuptables:read"], false],
    ["Pipelines", ["pipeline:read", "pipeline_connection:read"], true],
    ["Sidecars", ["sidecars:read"], false],
    ["Enterprise", ["licenseinfos:read"], false],
  ];
  for (const [title, permissions, any] of expected) {
    assert.deepEqual(byTitle[title]?.permissions, permissions, title);
    assert.equal(!!byTitle[title]?.anyPermissions, any, `${title} any-of`);
  }
  assert.ok(byTitle["Users and Teams"].permissions.includes("users:list"));
  assert.equal(byTitle["Users and Teams"].anyPermissions, true);
  assert.deepEqual(byTitle.Overview.permissions, [], "Overview is always shown");
});

Deno.test("Inputs is hidden in cloud mode unless the cloud_inputs flag is on", () => {
  const inputs = SYSTEM_SECTIONS.find((s) => s.title === "Inputs")!;
  assert.equal(inputs.visible!(DEFAULT_PAGE_CONFIG), true);
  assert.equal(inputs.visible!({ ...DEFAULT_PAGE_CONFIG, cloud: true }), false);
  assert.equal(inputs.visible!({ ...DEFAULT_PAGE_CONFIG, cloud: true, featureFlags: { cloud_inputs: true } }), true);
});

Deno.test("every menu entry links into its own section", () => {
  for (const section of SYSTEM_SECTIONS) assert.equal(systemSectionOf(section.href), section, section.title);
});
