/**
 * System → Authentication in a real browser against a real LDAP server (ldapjs, in this process): an administrator
 * creates an LDAP service through the wizard, sees 'Test server connection' fail on a closed port and succeed on the
 * directory, 'Test login' refuse a wrong password and find the user, saves with group synchronisation, activates
 * it, and the directory's user signs in; the service is edited on the step the details page names, deactivated and
 * deleted; the HTTP header authenticator is shown and edited; a reader is refused the pages.
 */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { startTestDirectory, type TestDirectory } from "../helpers/ldap-directory.ts";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  pageHeading,
  signIn,
  signInWithForm,
  SluiceServer,
  waitForPageHydration,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

/** A loopback port nobody listens on (to see the connection test fail plainly). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

Deno.test("authentication services and authenticators in Chromium", async (t) => {
  const directory: TestDirectory = await startTestDirectory([
    { uid: "alice", cn: "Alice Archer", mail: "alice@example.org", password: "wonderland", groups: ["ops"] },
  ]);
  const server = new SluiceServer(e2ePort(330));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(
      t,
      browser,
      errors,
      "an administrator sets up an LDAP service with the wizard, tests it and activates it",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/system/authentication");
        await eventually(async () => assert.equal(await pageHeading(page), "Authentication Services"));
        assert.ok(page.url().endsWith("/system/authentication/services"), page.url());
        await waitForPageHydration(page);
        await page.getByText("No authentication services have been configured yet").waitFor();
        await page.getByText("Active service: none").waitFor();
        await page.getByRole("link", { name: "Create service" }).click();
        await eventually(async () => assert.equal(await pageHeading(page), "Create authentication service"));
        await page.getByRole("group", { name: "LDAP" }).getByRole("link", { name: "Set up LDAP" }).click();
        await eventually(async () => assert.equal(await pageHeading(page), "Create LDAP service"));
        const wizard = page.getByRole("form", { name: "Create LDAP service" });

        // Server configuration: a missing title is named; a closed port fails the connection test with the network's error.
        await wizard.getByRole("button", { name: "Next: User Synchronization" }).click();
        await wizard.getByText("Field is required.").waitFor();
        await wizard.getByRole("textbox", { name: "Title" }).fill("Office directory");
        await wizard.getByRole("textbox", { name: "Server address" }).fill("127.0.0.1");
        await wizard.getByRole("textbox", { name: "Port" }).fill(String(await closedPort()));
        await wizard.getByText("None", { exact: true }).click();
        assert.equal(await wizard.getByRole("radio", { name: "None" }).isChecked(), true);
        await wizard.getByRole("textbox", { name: "System user DN" }).fill(directory.systemDn);
        await wizard.getByLabel("System password").fill(directory.systemPassword);
        await wizard.getByRole("button", { name: "Test server connection" }).click();
        const connection = wizard.getByRole("region", { name: "Connection test" });
        await connection.getByText("Couldn't establish connection to").waitFor();
        await connection.getByText(/ECONNREFUSED|refused/i).waitFor();
        await wizard.getByRole("textbox", { name: "Port" }).fill(String(directory.port));
        await wizard.getByRole("button", { name: "Test server connection" }).click();
        await connection.getByText(`Successfully connected to 127.0.0.1:${directory.port}`).waitFor();
        await page.screenshot({ path: `${SHOTS}authentication-wizard-server-light.png`, fullPage: true });

        // User synchronisation: 'Test login' refuses a wrong password and finds the user with the right one.
        await wizard.getByRole("button", { name: "Next: User Synchronization" }).click();
        await wizard.getByRole("textbox", { name: "Search base DN" }).fill(`ou=people,${directory.baseDn}`);
        await wizard.getByRole("combobox", { name: "Default roles" }).click();
        await page.getByRole("option", { name: "Reader", exact: true }).click();
        await page.keyboard.press("Escape");
        await wizard.getByRole("textbox", { name: "Login username" }).fill("alice");
        await wizard.getByLabel("Login password").fill("not-her-password");
        await wizard.getByRole("button", { name: "Test login" }).click();
        const login = wizard.getByRole("region", { name: "Login test" });
        await login.getByText("Login for user <alice> failed").waitFor();
        await wizard.getByLabel("Login password").fill("wonderland");
        await wizard.getByRole("button", { name: "Test login" }).click();
        await login.getByText("Successfully logged in <alice>").waitFor();
        await login.getByRole("table", { name: "User found in the directory" }).getByText("Alice Archer")
          .waitFor();
        await page.screenshot({ path: `${SHOTS}authentication-wizard-users-light.png`, fullPage: true });

        // Group synchronisation, then save: the details page shows every step's settings.
        await wizard.getByRole("button", { name: "Next: Group Synchronization" }).click();
        await wizard.getByRole("switch", { name: "Synchronize groups" }).check({ force: true });
        await wizard.getByRole("textbox", { name: "Group search base DN" }).fill(
          `ou=groups,${directory.baseDn}`,
        );
        await wizard.getByRole("button", { name: "Finish & save service" }).click();
        await page.getByText('Authentication service "Office directory" was created.').waitFor();
        await eventually(async () =>
          assert.equal(await pageHeading(page), "Authentication service: Office directory")
        );
        const server_ = page.getByRole("region", { name: "Server Configuration" });
        await server_.getByText(`127.0.0.1:${directory.port}`).waitFor();
        await server_.getByText("set", { exact: true }).waitFor();
        await page.getByRole("region", { name: "User Synchronization" }).getByText("Reader").waitFor();
        await page.getByRole("region", { name: "Group Synchronization" }).getByText(
          `ou=groups,${directory.baseDn}`,
        ).waitFor();
        await page.getByText("not active").waitFor();
        await page.getByRole("button", { name: "Activate" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Activate" }).click();
        await page.getByText('Authentication service "Office directory" was activated.').waitFor();
        await page.getByText("active", { exact: true }).waitFor();
        await page.screenshot({ path: `${SHOTS}authentication-service-light.png`, fullPage: true });
        await page.getByRole("link", { name: "Authentication services", exact: true }).click();
        await page.getByTestId("backend-row").filter({ hasText: "Office directory" }).getByText("active", {
          exact: true,
        }).waitFor();
        await page.getByText("Active service: Office directory").waitFor();
        await page.screenshot({ path: `${SHOTS}authentication-services-light.png`, fullPage: true });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the directory's user signs in with the directory password and gets the default role",
      async ({ page }) => {
        await page.goto(server.url("/welcome"));
        await signInWithForm(page, "alice", "wonderland");
        const me = await page.request.get(server.url("/api/users/alice"), {
          headers: { "X-Requested-By": "e2e", Accept: "application/json" },
        });
        assert.equal(me.status(), 200, await me.text());
        const user = await me.json();
        assert.equal(user.full_name, "Alice Archer");
        assert.equal(user.external, true);
        assert.deepEqual(user.roles, ["Reader"]);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the service is edited on the step its details name, deactivated and deleted (dark)",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/system/authentication/services/active");
        await eventually(async () =>
          assert.equal(await pageHeading(page), "Authentication service: Office directory")
        );
        await page.getByRole("region", { name: "Synchronized users" }).or(
          page.getByRole("table", { name: "Synchronized users" }),
        ).getByText("Alice Archer").waitFor();
        await waitForPageHydration(page);
        await page.getByRole("link", { name: "Edit User Synchronization" }).click();
        await eventually(async () =>
          assert.equal(await pageHeading(page), "Edit LDAP service Office directory")
        );
        assert.match(page.url(), /initialStepKey=userSync/);
        const wizard = page.getByRole("form", { name: "Edit LDAP service Office directory" });
        await wizard.getByRole("textbox", { name: "Full name attribute" }).fill("");
        await wizard.getByRole("button", { name: "Update service" }).click();
        await wizard.getByText("Field is required.").waitFor();
        await wizard.getByRole("textbox", { name: "Full name attribute" }).fill("cn");
        await wizard.getByRole("textbox", { name: "Search pattern" }).fill(
          "(&(objectClass=person)(uid={0}))",
        );
        // The stored password is kept (never shown): the login test still binds as the system user.
        await wizard.getByRole("textbox", { name: "Login username" }).fill("alice");
        await wizard.getByLabel("Login password").fill("wonderland");
        await wizard.getByRole("button", { name: "Test login" }).click();
        await wizard.getByRole("region", { name: "Login test" }).getByText("Successfully logged in <alice>")
          .waitFor();
        await page.screenshot({ path: `${SHOTS}authentication-wizard-edit-dark.png`, fullPage: true });
        await wizard.getByRole("button", { name: "Update service" }).click();
        await page.getByText('Authentication service "Office directory" was updated.').waitFor();
        await page.getByRole("region", { name: "User Synchronization" }).getByText(
          "(&(objectClass=person)(uid={0}))",
        ).waitFor();
        await page.screenshot({ path: `${SHOTS}authentication-service-dark.png`, fullPage: true });

        await page.getByRole("link", { name: "Authentication services", exact: true }).click();
        await eventually(async () => assert.equal(await pageHeading(page), "Authentication Services"));
        const row = page.getByTestId("backend-row").filter({ hasText: "Office directory" });
        assert.equal(
          await row.getByRole("button", { name: "Delete Office directory" }).isDisabled(),
          true,
          "the active service cannot be deleted",
        );
        await row.getByRole("button", { name: "Deactivate" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
        await page.getByText('Authentication service "Office directory" was deactivated.').waitFor();
        await page.getByText("Active service: none").waitFor();
        await page.screenshot({ path: `${SHOTS}authentication-services-dark.png`, fullPage: true });
        await row.getByRole("button", { name: "Delete Office directory" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
        await page.getByText('Authentication service "Office directory" was deleted.').waitFor();
        await page.getByText("No authentication services have been configured yet").waitFor();
      },
      { colorScheme: "dark" },
    );

    await journey(
      t,
      browser,
      errors,
      "the HTTP header authenticator is shown and edited",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/system/authentication/services");
        await page.getByRole("navigation", { name: "Authentication" }).getByRole("link", {
          name: "Authenticators",
        }).click();
        await eventually(async () => assert.equal(await pageHeading(page), "Authenticators"));
        const section = page.getByRole("region", { name: "Trusted Header Authentication" });
        await section.getByText("Remote-User").waitFor();
        await section.getByText("no", { exact: true }).waitFor();
        await page.getByRole("link", { name: "Edit authenticators" }).click();
        await eventually(async () => assert.equal(await pageHeading(page), "Edit authenticators"));
        const form = page.getByRole("form", { name: "Edit authenticators" });
        await form.getByRole("textbox", { name: "Username header" }).fill("X Remote User");
        await form.getByRole("button", { name: "Update authenticators" }).click();
        await form.getByText("Must be an HTTP header name, without spaces or colons.").waitFor();
        await form.getByRole("textbox", { name: "Username header" }).fill("X-Forwarded-User");
        await form.getByRole("switch", { name: "Enabled" }).check({ force: true });
        await page.screenshot({ path: `${SHOTS}authenticators-edit-light.png`, fullPage: true });
        await form.getByRole("button", { name: "Update authenticators" }).click();
        await page.getByText("Authenticators were updated.").waitFor();
        await eventually(async () => assert.equal(await pageHeading(page), "Authenticators"));
        await section.getByText("X-Forwarded-User").waitFor();
        await section.getByText("yes", { exact: true }).waitFor();
        await page.screenshot({ path: `${SHOTS}authenticators-light.png`, fullPage: true });
      },
    );

    await journey(t, browser, errors, "the authenticators page in dark mode", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/authentication/authenticator");
      await page.getByRole("region", { name: "Trusted Header Authentication" }).getByText("X-Forwarded-User")
        .waitFor();
      await page.screenshot({ path: `${SHOTS}authenticators-dark.png`, fullPage: true });
    }, { colorScheme: "dark" });

    await journey(
      t,
      browser,
      errors,
      "a reader is refused the authentication pages",
      async ({ context, page }) => {
        await signIn(server, context, page, "reader", "/system/authentication/services");
        await eventually(async () => assert.equal(await pageHeading(page), "Missing Permissions"));
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
    await directory.close();
  }
});
