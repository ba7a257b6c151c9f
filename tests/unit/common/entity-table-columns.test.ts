import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { ColumnDefinition } from "../../../ui/common/entity-table/logic/column-definition.ts";
import {
  accessibleColumns,
  displayedColumns,
  type PermissionCheck,
  toggleDisplayedAttribute,
} from "../../../ui/common/entity-table/logic/column-visibility.ts";
import { isAnyPermitted, isPermitted } from "../../../shared/permissions.ts";

function column(overrides: Partial<ColumnDefinition> & { id: string }): ColumnDefinition {
  return { title: overrides.id, sortable: false, ...overrides };
}

function holding(...held: string[]): PermissionCheck {
  return {
    isPermitted: (required) => isPermitted(held, required),
    isAnyPermitted: (required) => isAnyPermitted(held, required),
  };
}

const columns = [
  column({ id: "title" }),
  column({ id: "description" }),
  column({ id: "secret", hidden: true }),
  column({ id: "owner", permissions: ["users:read", "roles:read"] }),
  column({ id: "throughput", permissions: ["metrics:read", "inputs:read"], anyPermissions: true }),
];

Deno.test("hidden columns never appear, even for a user holding every permission", () => {
  const ids = accessibleColumns(columns, holding("*")).map((c) => c.id);
  assertEquals(ids, ["title", "description", "owner", "throughput"]);
});

Deno.test("a column with permissions appears only when the user holds all of them", () => {
  assertEquals(accessibleColumns(columns, holding("users:read")).map((c) => c.id).includes("owner"), false);
  assertEquals(
    accessibleColumns(columns, holding("users:read", "roles:read")).map((c) => c.id).includes("owner"),
    true,
  );
});

Deno.test("an anyPermissions column appears when the user holds one of its permissions", () => {
  assertEquals(
    accessibleColumns(columns, holding("inputs:read")).map((c) => c.id).includes("throughput"),
    true,
  );
  assertEquals(
    accessibleColumns(columns, holding("streams:read")).map((c) => c.id).includes("throughput"),
    false,
  );
});

Deno.test("displayed columns follow the order of the displayed attributes and drop unknown or forbidden ids", () => {
  const ids = displayedColumns(
    columns,
    ["description", "gone", "owner", "title", "secret", "title"],
    holding(),
  )
    .map((c) => c.id);
  assertEquals(ids, ["description", "title"]);
});

Deno.test("hiding a column removes it from the displayed attributes", () => {
  assertEquals(toggleDisplayedAttribute(["title", "description"], "title", columns), ["description"]);
});

Deno.test("showing a column puts it back at its place among the column definitions", () => {
  assertEquals(toggleDisplayedAttribute(["title", "throughput"], "description", columns), [
    "title",
    "description",
    "throughput",
  ]);
  assertEquals(toggleDisplayedAttribute(["description"], "throughput", columns), [
    "description",
    "throughput",
  ]);
});
