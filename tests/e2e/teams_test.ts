/**
 * Teams and roles in a real browser: an administrator makes a team of the reader on the teams pages, shares a
 * dashboard with the team and the reader, signed in, finds it; a role is created and edited in readable words, and a
 * role in use cannot be deleted.
 */
import assert from "node:assert/strict";
import type { APIRequestContext } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const HEADERS = { "X-Requested-By": "e2e", Accept: "application/json" };

async function storeDashboard(request: APIRequestContext, server: SluiceServer, title: string): Promise<string> {
  const search = await request.post(server.url("/api/views/search"), {
    headers: HEADERS,
    data: { queries: [{ id: "q1", timerange: { type: "relative", from: 300 } }] },
  });
  assert.equal(search.status(), 201, await search.text());
  const view = await request.post(server.url("/api/views"), {
    headers: HEADERS,
    data: { type: "DASHBOARD", title, summary: "", search_id: (await search.json()).id, state: {} },
  });
  assert.equal(view.status(), 200, await view.text());
  return (await view.json()).id;
}

Deno.test("teams and roles in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(300));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  // Once out of the team, the dashboard is asked for on purpose.
  errors.allow("a member of the team signs in and finds the dashboard, which others do not see", /status of 404 .*\/api\/views\//);
  try {
    await journey(t, browser, errors, "an administrator creates a team with the reader as its member", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/users");
      await waitForPageHydration(page);
      await page.getByRole("navigation", { name: "Users and Teams" }).getByRole("link", { name: "Teams Overview" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Teams Overview"));
      await page.getByText("No teams have been created yet.").waitFor();
      await page.getByRole("link", { name: "Create team" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Create team"));
      const form = page.getByRole("form", { name: "Create team" });
      await form.getByRole("button", { name: "Create team" }).click();
      await form.getByText("The name is required.").waitFor();
      await form.getByRole("textbox", { name: "Name" }).fill("Night shift");
      await form.getByRole("textbox", { name: "Description" }).fill("Watches the web at night");
      await form.getByRole("combobox", { name: "Members" }).click();
      await page.getByRole("option", { name: "Rita Reader (reader)" }).click();
      await page.keyboard.press("Escape");
      await form.getByRole("combobox", { name: "Roles" }).click();
      await page.getByRole("option", { name: "Reader", exact: true }).click();
      await page.keyboard.press("Escape");
      await form.getByRole("button", { name: "Create team" }).click();
      await page.getByText("Team Night shift was saved.").waitFor();
      await eventually(async () => assert.equal(await pageHeading(page), "Team details: Night shift"));
      await page.getByTestId("team-member").filter({ hasText: "Rita Reader" }).waitFor();
      await page.screenshot({ path: `${SHOTS}team-details-light.png`, fullPage: true });
      await page.getByRole("link", { name: "Teams Overview" }).click();
      const row = page.getByTestId("team-row").filter({ hasText: "Night shift" });
      await row.getByText("Rita Reader").waitFor();
      await row.getByText("Reader", { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}teams-light.png`, fullPage: true });
    });

    let dashboardId = "";
    await journey(t, browser, errors, "the administrator shares a dashboard with the team in the share dialog", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/dashboards");
      dashboardId = await storeDashboard(context.request, server, "Night watch");
      await page.goto(server.url(`/dashboards/${dashboardId}`));
      await waitForPageHydration(page);
      await page.getByRole("button", { name: "Share" }).click();
      const dialog = page.getByRole("dialog", { name: "Sharing dashboard: Night watch" });
      await dialog.getByTestId("collaborator").filter({ hasText: "Administrator" }).waitFor();
      await dialog.getByRole("combobox", { name: "Grantee" }).click();
      await page.getByRole("option", { name: "Night shift" }).click();
      await dialog.getByRole("button", { name: "Add Collaborator" }).click();
      await dialog.getByTestId("collaborator").filter({ hasText: "Night shift" }).waitFor();
      await page.screenshot({ path: `${SHOTS}share-team-light.png` });
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText('Shares for dashboard "Night watch" updated successfully').waitFor();
    });

    await journey(t, browser, errors, "a member of the team signs in and finds the dashboard, which others do not see", async ({ context, page }) => {
      await signIn(server, context, page, "reader", "/dashboards");
      await waitForPageHydration(page);
      await page.getByRole("link", { name: "Night watch" }).waitFor();
      const status = await page.evaluate(async (id) => (await fetch(`/api/views/${id}`, { headers: { Accept: "application/json" } })).status, dashboardId);
      assert.equal(status, 200);
      await page.screenshot({ path: `${SHOTS}teams-member-dark.png`, fullPage: true });
      // Out of the team, the dashboard is out of reach.
      const admin = await browser.newContext();
      try {
        const adminPage = await admin.newPage();
        await signIn(server, admin, adminPage, "admin", "/system/users");
        const teams = await (await admin.request.get(server.url("/api/plugins/org.graylog.plugins.security.teams/teams"), { headers: HEADERS })).json();
        const reader = await (await admin.request.get(server.url("/api/users/reader"), { headers: HEADERS })).json();
        const removed = await admin.request.delete(server.url(`/api/plugins/org.graylog.plugins.security.teams/teams/${teams.teams[0].id}/users/${reader.id}`), { headers: HEADERS });
        assert.equal(removed.status(), 204);
      } finally {
        await admin.close();
      }
      const after = await page.evaluate(async (id) => (await fetch(`/api/views/${id}`, { headers: { Accept: "application/json" } })).status, dashboardId);
      assert.equal(after, 404);
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "an administrator creates and edits a role in readable words; a role in use cannot be deleted", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/roles");
      await waitForPageHydration(page);
      await page.getByRole("link", { name: "Create role" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Create role"));
      await page.getByRole("textbox", { name: "Name" }).fill("Night watchers");
      await page.getByRole("checkbox", { name: "Streams: read" }).check();
      await page.getByRole("checkbox", { name: "Dashboards: create" }).check();
      await page.getByRole("checkbox", { name: "Users: create tokens" }).check();
      await page.getByRole("textbox", { name: "Other permissions" }).fill("custom:thing");
      await page.screenshot({ path: `${SHOTS}role-create-dark.png`, fullPage: true });
      await page.getByRole("button", { name: "Create role" }).click();
      await page.getByText("Role Night watchers was saved.").waitFor();
      await eventually(async () => assert.equal(await pageHeading(page), "Role details: Night watchers"));
      await page.getByRole("cell", { name: "Users: create tokens", exact: true }).waitFor();

      await page.getByRole("link", { name: "Edit role" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Edit role Night watchers"));
      await page.getByRole("checkbox", { name: "Dashboards: create" }).uncheck();
      await page.getByRole("button", { name: "Save role" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Role details: Night watchers"));
      await page.getByRole("cell", { name: "Streams: read", exact: true }).waitFor();
      const stored = await (await context.request.get(server.url("/api/roles/Night%20watchers"), { headers: HEADERS })).json();
      assert.deepEqual([...stored.permissions].sort(), ["custom:thing", "streams:read", "users:tokencreate"]);

      const assigned = await context.request.put(server.url(`/api/authz/roles/${stored.id}/assignees`), { headers: HEADERS, data: ["reader"] });
      assert.equal(assigned.status(), 204, await assigned.text());
      await page.goto(server.url("/system/roles"));
      await waitForPageHydration(page);
      await page.getByRole("button", { name: "Delete Night watchers" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete role" });
      await dialog.getByText('The role "Night watchers" is in use by 1 user (reader) and cannot be deleted. Remove it from them first.').waitFor();
      assert.equal(await dialog.getByRole("button", { name: "Delete" }).isDisabled(), true);
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
