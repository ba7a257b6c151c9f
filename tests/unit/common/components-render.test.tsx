import { equal, ok } from "node:assert/strict";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { User } from "../../../api/schemas/user.ts";
import { CurrentUserProvider } from "../../../ui/session/current-user.tsx";
import { EntityTable } from "../../../ui/common/entity-table/EntityTable.tsx";
import { ConfigurationForm } from "../../../ui/common/config-form/ConfigurationForm.tsx";
import { PaginatedList } from "../../../ui/common/paginated-list/PaginatedList.tsx";

function user(overrides: Partial<User> = {}): User {
  return {
    id: "1",
    username: "admin",
    full_name: "Admin",
    first_name: null,
    last_name: null,
    email: "admin@example.org",
    permissions: [],
    grn_permissions: [],
    preferences: {},
    timezone: null,
    session_timeout_ms: 3_600_000,
    read_only: false,
    external: false,
    startpage: null,
    roles: [],
    session_active: true,
    last_activity: null,
    client_address: null,
    account_status: "enabled",
    ...overrides,
  } as User;
}

function render(node: ReactNode, permissions: string[] = []): string {
  return renderToString(
    <MantineProvider>
      <CurrentUserProvider user={user({ permissions })}>{node}</CurrentUserProvider>
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ");

const columns = [
  { id: "title", title: "Title", sortable: true },
  { id: "secret", title: "Secret", hidden: true },
  { id: "owner", title: "Owner", permissions: ["users:read"] },
];

Deno.test("the entity table shows permitted columns only, with the entities' values", () => {
  const html = render(
    <EntityTable
      entities={[{ id: "s1", title: "All messages", secret: "x", owner: "bob" }]}
      columnDefinitions={columns}
      visibleColumns={["title", "secret", "owner"]}
      onSortChange={() => {}}
      activeSort={{ attributeId: "title", direction: "asc" }}
    />,
  );
  ok(text(html).includes("All messages"));
  ok(text(html).includes("Title"));
  equal(text(html).includes("Secret"), false);
  equal(text(html).includes("Owner"), false);
  ok(html.includes('aria-sort="ascending"'));
});

Deno.test("the entity table says 'No entities exist.' without entities", () => {
  const html = render(<EntityTable entities={[]} columnDefinitions={columns} visibleColumns={["title"]} />);
  ok(text(html).includes("No entities exist."));
});

Deno.test("the bulk actions button is disabled while nothing is selected", () => {
  const html = render(
    <EntityTable
      entities={[{ id: "s1", title: "A" }]}
      columnDefinitions={columns}
      visibleColumns={["title"]}
      bulkActions={() => null}
    />,
  );
  ok(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Bulk actions/s.test(html));
});

Deno.test("the paginated list shows no pager for a single page", () => {
  const single = render(
    <PaginatedList totalItems={4} page={1} perPage={5} onChange={() => {}}>
      <p>items</p>
    </PaginatedList>,
  );
  const many = render(
    <PaginatedList totalItems={40} page={1} perPage={5} onChange={() => {}}>
      <p>items</p>
    </PaginatedList>,
  );
  equal(single.includes("mantine-Pagination-root"), false);
  ok(many.includes("mantine-Pagination-root"));
});

Deno.test("the configuration form labels optional fields and keeps a stored secret hidden behind Reset", () => {
  const html = render(
    <ConfigurationForm
      typeName="otx-api"
      configFields={{
        api_url: { type: "text", human_name: "OTX API URL", is_optional: false },
        api_key: {
          type: "text",
          human_name: "OTX API Key",
          is_optional: true,
          is_encrypted: true,
          attributes: ["is_password"],
        },
        port: { type: "number", human_name: "Port", attributes: ["is_port_number"] },
      }}
      values={{ api_key: { is_set: true } }}
      onSubmit={() => {}}
    />,
  );
  ok(text(html).includes("OTX API Key (optional)"));
  ok(text(html).includes("Reset"));
  ok(html.includes('value="0"'));
  ok(text(html).includes("Submit"));
});
