/**
 * Teams and role editing in a real browser: an administrator makes a team of the reader, shares a dashboard with
 * the team and the reader, signed in, finds it; a role's permissions are edited in readable words.
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

Deno.test("teams and role editing in Chromium", async (t) => {
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
      await page.getByRole("heading", { name: "Teams Overview" }).waitFor();
      await page.getByText("No teams have been created yet.").waitFor();
      await page.getByRole("button", { name: "Create team" }).click();
      const dialog = page.getByRole("dialog", { name: "Create team" });
      await dialog.getByRole("button", { name: "Create team" }).click();
      await dialog.getByText("The name is required.").waitFor();
      await dialog.getByRole("textbox", { name: "Name" }).fill("Night shift");
      await dialog.getByRole("textbox", { name: "Description" }).fill("Watches the web at night");
      await dialog.getByRole("textbox", { name: "Members" }).click();
      await page.getByRole("option", { name: "Rita Reader (reader)" }).click();
      await dialog.getByRole("button", { name: "Create team" }).click();
      await page.getByText("Team Night shift was saved.").waitFor();
      const row = page.getByTestId("team-row").filter({ hasText: "Night shift" });
      await row.getByText("Rita Reader").waitFor();
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

    await journey(t, browser, errors, "an administrator edits a role's permissions in readable words", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/roles");
      const created = await context.request.post(server.url("/api/roles"), { headers: HEADERS, data: { name: "Night watchers", description: "", permissions: ["custom:thing"] } });
      const role = await created.json();
      await page.goto(server.url(`/system/roles/${role.id}`));
      await waitForPageHydration(page);
      await page.getByRole("link", { name: "Edit role" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Edit role Night watchers"));
      await page.getByRole("checkbox", { name: "Streams: read" }).check();
      await page.getByRole("checkbox", { name: "Dashboards: create" }).check();
      await page.screenshot({ path: `${SHOTS}role-edit-dark.png`, fullPage: true });
      await page.getByRole("button", { name: "Save role" }).click();
      await page.getByText("Role Night watchers was saved.").waitFor();
      await eventually(async () => assert.equal(await pageHeading(page), "Role details: Night watchers"));
      await page.getByRole("cell", { name: "Streams: read", exact: true }).waitFor();
      const stored = await (await context.request.get(server.url("/api/roles/Night%20watchers"), { headers: HEADERS })).json();
      assert.deepEqual([...stored.permissions].sort(), ["custom:thing", "dashboards:create", "streams:read"]);
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
