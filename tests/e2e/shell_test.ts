/** The application shell in a real browser: sign in, System menu, log out, 404, server rendering and hydration. */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { stopDemoInput } from "./demo-input.ts";
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
} from "./harness.ts";

/** The System dropdown for admin in menu order: entry, the page it opens, that page's heading, the button text there. */
const SYSTEM_ENTRIES: { entry: string; path: string; heading: string; button: string }[] = [
  { entry: "Overview", path: "/system/overview", heading: "System Overview", button: "System / Overview" },
  {
    entry: "Configurations",
    path: "/system/configurations",
    heading: "Configurations",
    button: "System / Configurations",
  },
  { entry: "Nodes", path: "/system/nodes", heading: "Nodes", button: "System / Nodes" },
  { entry: "Inputs", path: "/system/inputs", heading: "Inputs", button: "System / Inputs" },
  { entry: "Outputs", path: "/system/outputs", heading: "Outputs in Cluster", button: "System / Outputs" },
  { entry: "Indices", path: "/system/indices", heading: "Indices & Index Sets", button: "System / Indices" },
  { entry: "Logging", path: "/system/logging", heading: "Logging", button: "System / Logging" },
  {
    entry: "Users and Teams",
    path: "/system/users",
    heading: "Users Overview",
    button: "System / Users and Teams",
  },
  { entry: "Roles", path: "/system/roles", heading: "Roles Overview", button: "System / Roles" },
  {
    entry: "Authentication",
    path: "/system/authentication/services",
    heading: "Authentication Services",
    button: "System / Authentication",
  },
  {
    entry: "Content Packs",
    path: "/system/contentpacks",
    heading: "Content Packs",
    button: "System / Content Packs",
  },
  {
    entry: "Grok Patterns",
    path: "/system/grokpatterns",
    heading: "Grok Patterns",
    button: "System / Grok Patterns",
  },
  {
    entry: "Lookup Tables",
    path: "/system/lookuptables",
    heading: "Lookup Tables",
    button: "System / Lookup Tables",
  },
  { entry: "Pipelines", path: "/system/pipelines", heading: "Pipelines", button: "System / Pipelines" },
  { entry: "Sidecars", path: "/system/sidecars", heading: "Sidecars Overview", button: "System / Sidecars" },
  { entry: "Enterprise", path: "/system/enterprise", heading: "Enterprise", button: "System / Enterprise" },
  // /security is not under /system, so the button keeps its plain title there.
  { entry: "Security", path: "/security", heading: "Security", button: "System" },
];

Deno.test("the application shell in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(10));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    const signInJourney = "a bad password shows 'Sign in failed' and the right one opens the welcome page";
    // The rejected sign-in is a 401 the browser itself logs as a failed resource load.
    errors.allow(signInJourney, /status of 401 .*@ .*\/api\/system\/sessions$/);
    await journey(t, browser, errors, signInJourney, async ({ page }) => {
      await page.goto(server.url("/welcome"));
      assert.equal(await page.title(), "Sign in - Sluice");
      await page.getByRole("heading", { name: "Welcome to Sluice" }).waitFor();
      await page.getByText("Data. Insights. Answers.").waitFor();

      await page.getByRole("textbox", { name: "Username" }).fill("admin");
      await page.getByRole("textbox", { name: "Password" }).fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      const failure = page.getByRole("alert").filter({ hasText: "Sign in failed" });
      await failure.waitFor();
      assert.match(await failure.innerText(), /Invalid credentials/);
      assert.equal(await page.getByRole("button", { name: "User menu" }).count(), 0, "still signed out");

      await signInWithForm(page, "admin", "admin");
      await page.getByRole("heading", { name: "Welcome", exact: true, level: 1 }).waitFor();
      await eventually(async () => assert.equal(await page.title(), "Welcome - Sluice"));
      assert.equal(new URL(page.url()).pathname, "/welcome");
      for (const item of ["Search", "Streams", "Alerts", "Dashboards"]) {
        await page.getByRole("navigation").getByRole("link", { name: item, exact: true }).waitFor();
      }
      assert.equal((await page.getByTestId("system-menu").innerText()).trim(), "System");
      await page.getByTestId("throughput").waitFor();
      // The demo setup runs a demo traffic input; stopping it (the node's only input) raises 'no running input'.
      await stopDemoInput(server, page);
      await page.reload();
      await eventually(async () =>
        assert.equal((await page.getByTestId("notification-badge").innerText()).trim(), "1")
      );
      const system = await (await page.request.get(server.url("/api/system"))).json() as { hostname: string };
      await eventually(async () =>
        assert.match(
          await page.getByTestId("footer").innerText(),
          new RegExp(`^Sluice 5\\.1\\.10 on ${system.hostname}\\b`),
        )
      );
    });

    await journey(
      t,
      browser,
      errors,
      "a sign-in typed and sent before the page has hydrated signs in, without the password in the address",
      async ({ page }) => {
        // Scripts held back 1.5 s each, like a slow phone: typing and the click land on the server's HTML.
        await page.route("**/*.js", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        const navigations: string[] = [];
        page.on("request", (request) => {
          if (request.isNavigationRequest()) navigations.push(request.url());
        });
        await page.goto(server.url("/welcome"), { waitUntil: "commit" });
        await page.getByRole("textbox", { name: "Username" }).pressSequentially("admin");
        await page.getByRole("textbox", { name: "Password" }).pressSequentially("admin");
        const hydrated = () =>
          page.evaluate(() => {
            const form = document.querySelector("form");
            return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber$"));
          });
        assert.equal(await hydrated(), false, "typed into the server's HTML");
        await page.getByRole("button", { name: "Sign in" }).click();
        assert.equal(await hydrated(), false, "sent before hydration");
        await page.getByRole("button", { name: "User menu" }).waitFor({ timeout: 30_000 });
        assert.equal(new URL(page.url()).pathname, "/welcome");
        assert.equal(new URL(page.url()).search, "", "the form was not sent by the browser");
        assert.deepEqual(navigations, [server.url("/welcome")], "one page load, no form navigation");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "every System menu entry opens its page and names it in the System button",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin");
        const menuButton = page.getByTestId("system-menu");
        await menuButton.click();
        const listed = (await page.getByRole("menuitem").allInnerTexts()).map((text) => text.trim());
        assert.deepEqual(
          listed,
          SYSTEM_ENTRIES.map(({ entry }) => entry),
          "admin sees every entry, in menu order",
        );
        await page.keyboard.press("Escape");
        for (const { entry, path, heading, button } of SYSTEM_ENTRIES) {
          await menuButton.click();
          await page.getByRole("menuitem", { name: entry, exact: true }).click();
          await eventually(() => assert.equal(new URL(page.url()).pathname, path, `${entry} opens ${path}`));
          await eventually(async () => assert.equal(await pageHeading(page), heading, `heading of ${path}`));
          await eventually(async () =>
            assert.equal((await menuButton.innerText()).trim(), button, `System button on ${path}`)
          );
          assert.equal(await page.title(), `${heading} - Sluice`);
          await page.getByRole("menu").waitFor({ state: "hidden" });
        }
      },
    );

    const logoutJourney =
      "logging out returns to the login screen and the old session cookie no longer works";
    errors.allow(logoutJourney, /status of 401 /);
    await journey(t, browser, errors, logoutJourney, async ({ context, page }) => {
      await signIn(server, context, page, "admin");
      const cookie = (await context.cookies()).find((c) => c.name === "sluice_session");
      assert.ok(cookie, "signed in with a session cookie");
      const before = await page.evaluate(async () =>
        (await fetch("/api/users/admin", { headers: { "X-Requested-By": "XMLHttpRequest" } })).status
      );
      assert.equal(before, 200);

      await page.getByRole("button", { name: "User menu" }).click();
      await page.getByRole("menuitem", { name: "Log out" }).click();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      await page.getByRole("textbox", { name: "Username" }).waitFor();
      await eventually(() =>
        assert.equal(new URL(page.url()).pathname, "/", "log out goes to the start page")
      );
      assert.equal(await page.getByRole("button", { name: "User menu" }).count(), 0);

      // The page no longer has the cookie, and the old session id is rejected by the server too.
      const after = await page.evaluate(async () =>
        (await fetch("/api/users/admin", { headers: { "X-Requested-By": "XMLHttpRequest" } })).status
      );
      assert.equal(after, 401);
      const replay = await fetch(server.url("/api/users/admin"), {
        headers: { cookie: `sluice_session=${cookie.value}`, "X-Requested-By": "XMLHttpRequest" },
      });
      await replay.body?.cancel();
      assert.equal(replay.status, 401, "the ended session is not valid any more");
      await page.reload();
      await page.getByRole("button", { name: "Sign in" }).waitFor();

      // Signing in again brings the whole shell back, polling included.
      await signInWithForm(page, "admin", "admin");
      const system = await (await page.request.get(server.url("/api/system"))).json() as { hostname: string };
      await eventually(async () =>
        assert.match(await page.getByTestId("footer").innerText(), new RegExp(` on ${system.hostname}\\b`))
      );
      await eventually(async () =>
        assert.match(await page.getByTestId("throughput-in").innerText(), /^\d+$/)
      );
    });

    const expiredJourney = "a session ended elsewhere sends the user back to the login screen";
    errors.allow(expiredJourney, /status of 401 /);
    await journey(t, browser, errors, expiredJourney, async ({ context, page }) => {
      await signIn(server, context, page, "admin");
      const cookie = (await context.cookies()).find((c) => c.name === "sluice_session");
      assert.ok(cookie);
      // The session is ended by someone else (another tab, an admin): the next poll gets a 401.
      const ended = await fetch(server.url("/api/system/sessions"), {
        method: "DELETE",
        headers: { cookie: `sluice_session=${cookie.value}`, "X-Requested-By": "XMLHttpRequest" },
      });
      await ended.body?.cancel();
      assert.ok(ended.ok, `DELETE session: ${ended.status}`);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "User menu" }).count(), 0);
    });

    const notFoundJourney = "an unknown address shows 'Page not found' with HTTP status 404";
    errors.allow(notFoundJourney, /status of 404 .*@ .*\/no\/such\/page$/);
    await journey(t, browser, errors, notFoundJourney, async ({ context, page }) => {
      await signIn(server, context, page, "admin");
      const response = await page.goto(server.url("/no/such/page"));
      assert.equal(response?.status(), 404);
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      await page.getByText("The page you are looking for does not exist.").waitFor();
      // The shell stays around the error page, so the user can navigate away.
      await page.getByRole("navigation").getByRole("link", { name: "Search", exact: true }).waitFor();
      await eventually(async () => assert.equal(await page.title(), "Page not found - Sluice"));
    });

    await journey(
      t,
      browser,
      errors,
      "the first response already holds the rendered page and hydration adds no errors",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/system/overview");
        // The raw HTML, as a crawler or a slow client gets it, already contains the welcome page.
        const html = await (await context.request.get(server.url("/welcome"))).text();
        assert.match(html, /<title>Welcome - Sluice<\/title>/);
        assert.match(html, /<h1[^>]*>Welcome<\/h1>/);
        assert.match(html, /data-testid="system-menu"/);
        assert.match(html, /Welcome to (<!-- -->)?Sluice/);

        // Without JavaScript the browser shows the same page.
        const noScript = await context.browser()!.newContext({
          javaScriptEnabled: false,
          storageState: await context.storageState(),
        });
        try {
          const staticPage = await noScript.newPage();
          errors.attach(
            staticPage,
            "the first response already holds the rendered page and hydration adds no errors",
          );
          await staticPage.goto(server.url("/welcome"));
          await staticPage.getByRole("heading", { name: "Welcome", exact: true, level: 1 }).waitFor();
          await staticPage.getByText("Search your log messages").waitFor();
        } finally {
          await noScript.close();
        }

        // With JavaScript the page hydrates in place and is interactive.
        await page.goto(server.url("/welcome"));
        await page.getByRole("heading", { name: "Welcome", exact: true, level: 1 }).waitFor();
        await page.getByRole("button", { name: "User menu" }).click();
        await page.getByRole("menuitem", { name: "Edit profile" }).waitFor();
        await page.keyboard.press("Escape");
        await page.getByRole("link", { name: "Search your log messages" }).click();
        await eventually(() => assert.equal(new URL(page.url()).pathname, "/search"));
        await eventually(async () => assert.equal(await pageHeading(page), "Search"));
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
