/** What the browser remembers for a user: the theme mode (admin: preferences; reader: locally) and the scratchpad. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  signIn,
  SluiceServer,
} from "./harness.ts";

async function themeOf(page: Page): Promise<{ scheme: string | null; mode: string | null }> {
  return await page.evaluate(() => ({
    scheme: document.documentElement.getAttribute("data-mantine-color-scheme"),
    mode: document.documentElement.getAttribute("data-theme-mode"),
  }));
}

const LIGHT = { scheme: "light", mode: "teint" };
const DARK = { scheme: "dark", mode: "noir" };

/** Opens the user menu and flips the 'Dark mode' switch; leaves the menu open. */
async function flipDarkMode(page: Page): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("switch", { name: "Dark mode" }).click();
}

async function darkModeChecked(page: Page): Promise<boolean> {
  await page.getByRole("button", { name: "User menu" }).click();
  const checked = await page.getByRole("switch", { name: "Dark mode" }).isChecked();
  await page.keyboard.press("Escape");
  return checked;
}

async function preferencesOf(page: Page, username: string): Promise<Record<string, unknown>> {
  return await page.evaluate(async (name) => {
    const response = await fetch(`/api/users/${name}/preferences`, {
      headers: { "X-Requested-By": "XMLHttpRequest", Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`GET preferences: ${response.status}`);
    return (await response.json()).preferences;
  }, username);
}

Deno.test("theme mode and scratchpad in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(20));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(
      t,
      browser,
      errors,
      "admin's dark mode is saved to the preferences and survives a reload",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin");
        assert.deepEqual(await themeOf(page), LIGHT, "a fresh user on a light system starts light");

        const saved = page.waitForResponse((r) =>
          r.request().method() === "PUT" && r.url().endsWith("/api/users/admin/preferences")
        );
        await flipDarkMode(page);
        assert.equal((await saved).status(), 204);
        await eventually(async () => assert.deepEqual(await themeOf(page), DARK));
        assert.equal((await preferencesOf(page, "admin")).themeMode, "noir");
        await page.keyboard.press("Escape");

        // The server already renders the saved mode, so the page never flashes light.
        const response = await page.reload();
        assert.match(await response!.text(), /<html lang="en" data-mantine-color-scheme="dark">/);
        await page.getByRole("button", { name: "User menu" }).waitFor();
        assert.deepEqual(await themeOf(page), DARK);
        assert.equal(await darkModeChecked(page), true);

        // Also in a different browser (no local storage), because it is a preference of the user.
        const elsewhere = await browser.newContext({ colorScheme: "light" });
        try {
          const other = await elsewhere.newPage();
          errors.attach(other, "admin's dark mode is saved to the preferences and survives a reload");
          await signIn(server, elsewhere, other, "admin");
          assert.deepEqual(await themeOf(other), DARK);
        } finally {
          await elsewhere.close();
        }

        const back = page.waitForResponse((r) =>
          r.request().method() === "PUT" && r.url().endsWith("/api/users/admin/preferences")
        );
        await flipDarkMode(page);
        await back;
        await eventually(async () => assert.deepEqual(await themeOf(page), LIGHT));
        assert.equal((await preferencesOf(page, "admin")).themeMode, "teint");
      },
      { colorScheme: "light" },
    );

    await journey(
      t,
      browser,
      errors,
      "a read-only user's dark mode is kept in the browser only and survives a reload",
      async ({ context, page }) => {
        const puts: string[] = [];
        page.on("request", (request) => {
          if (request.method() === "PUT") puts.push(request.url());
        });
        await signIn(server, context, page, "reader");
        assert.deepEqual(await themeOf(page), LIGHT);

        await flipDarkMode(page);
        await eventually(async () => assert.deepEqual(await themeOf(page), DARK));
        await page.keyboard.press("Escape");
        assert.equal(await page.evaluate(() => localStorage.getItem("themeMode")), "noir");

        await page.reload();
        await page.getByRole("button", { name: "User menu" }).waitFor();
        assert.deepEqual(await themeOf(page), DARK);
        assert.equal(await darkModeChecked(page), true);
        assert.equal(
          (await preferencesOf(page, "reader")).themeMode,
          undefined,
          "nothing saved on the server",
        );
        assert.deepEqual(puts, [], "no PUT request was sent for a read-only user");
      },
      { colorScheme: "light" },
    );

    await journey(
      t,
      browser,
      errors,
      "the scratchpad warns once, autosaves, keeps its text across reloads, copies and clears",
      async ({ context, page }) => {
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
        await signIn(server, context, page, "admin");
        const scratchpad = page.getByRole("dialog", { name: "Scratchpad" });
        assert.equal(await scratchpad.count(), 0, "closed at first");
        await page.getByRole("button", { name: "Scratchpad", exact: true }).click();
        await scratchpad.waitFor();

        const understand = scratchpad.getByRole("button", { name: "I understand" });
        await understand.waitFor();
        await understand.click();
        await understand.waitFor({ state: "detached" });

        const content = scratchpad.getByRole("textbox", { name: "Scratchpad content" });
        const status = scratchpad.getByTestId("scratchpad-status");
        await content.fill("source:web-01 AND level:3");
        await eventually(async () => assert.equal(await status.innerText(), "Auto saved."), 3_000, 50);
        // The message goes away after a second.
        await eventually(async () => assert.equal(await status.innerText(), ""), 3_000, 100);

        // After a reload the panel is still open, the warning stays dismissed and the text is back.
        await page.reload();
        await scratchpad.waitFor();
        assert.equal(await content.inputValue(), "source:web-01 AND level:3");
        assert.equal(
          await scratchpad.getByRole("button", { name: "I understand" }).count(),
          0,
          "the warning is shown only once",
        );

        await scratchpad.getByRole("button", { name: "Copy" }).click();
        await eventually(async () => assert.equal(await status.innerText(), "Copied!"), 3_000, 50);
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "source:web-01 AND level:3");

        await scratchpad.getByRole("button", { name: "Clear" }).click();
        await scratchpad.getByText("Are you sure?").waitFor();
        assert.equal(
          await content.inputValue(),
          "source:web-01 AND level:3",
          "nothing cleared before confirming",
        );
        await scratchpad.getByRole("button", { name: "Clear" }).click();
        await eventually(async () => assert.equal(await status.innerText(), "Cleared."), 3_000, 50);
        assert.equal(await content.inputValue(), "");

        await page.reload();
        await scratchpad.waitFor();
        assert.equal(await content.inputValue(), "", "cleared for good");
        await scratchpad.getByRole("button", { name: "Close scratchpad" }).click();
        await scratchpad.waitFor({ state: "detached" });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a click on the scratchpad toggle just as the scratchpad mounts opens it",
      async ({ context, page }) => {
        // The scratchpad mounts when the browser is first idle and then reads what was stored; a click in the few
        // milliseconds between that render and its effect used to be undone (1–2 ms late on this machine).
        await context.addInitScript(() => {
          const held: IdleRequestCallback[] = [];
          Object.assign(globalThis, {
            heldIdleCallbacks: held,
            requestIdleCallback: (callback: IdleRequestCallback) => held.push(callback),
            cancelIdleCallback: () => {},
          });
        });
        await signIn(server, context, page, "admin");
        const scratchpad = page.getByRole("dialog", { name: "Scratchpad" });
        const lost: number[] = [];
        for (let delayMs = 0; delayMs <= 6; delayMs++) {
          await page.evaluate(async (delay) => {
            const held =
              (globalThis as unknown as { heldIdleCallbacks: IdleRequestCallback[] }).heldIdleCallbacks;
            for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
            const start = performance.now();
            while (performance.now() - start < delay) await new Promise((resolve) => setTimeout(resolve, 0));
            document.querySelector<HTMLButtonElement>('nav button[aria-label="Scratchpad"]')!.click();
          }, delayMs);
          await page.waitForTimeout(300);
          if (await scratchpad.count() === 0) lost.push(delayMs);
          // Closed and forgotten again for the next try.
          await page.evaluate(() => localStorage.clear());
          await page.reload();
          await page.getByRole("button", { name: "User menu" }).waitFor();
        }
        assert.deepEqual(lost, [], "clicks made this many milliseconds after the mount were undone");
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
