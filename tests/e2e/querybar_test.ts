/** The query bar's completions (field values, recent queries), auto refresh, and the highlighting rules in a real browser. */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { Page, Request } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  openQueryEditor,
  queryText,
  signIn,
  SluiceServer,
  waitForSearchResults,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

/** Clears the editor and types `text` without closing the completion list. */
async function typeInEditor(page: Page, text: string): Promise<void> {
  const editor = await openQueryEditor(page);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

async function editorText(page: Page): Promise<string> {
  return await queryText(page);
}

/** Labels of the open completion list. */
async function completionLabels(page: Page): Promise<string[]> {
  return (await page.locator(".cm-tooltip-autocomplete li .cm-completionLabel").allInnerTexts()).map((text) =>
    text.trim()
  );
}

/** Counts the search jobs the page creates (POST /api/views/search). */
function countSearches(page: Page): { count: () => number } {
  let searches = 0;
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/views/search") searches++;
  });
  return { count: () => searches };
}

Deno.test("the query bar and highlighting in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(137));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const now = new Date().toISOString();
  const fixed = { type: "absolute", from: "2000-01-01T00:00:00.000Z", to: now };
  const fixedParams = `rangetype=absolute&from=${encodeURIComponent(fixed.from)}&to=${
    encodeURIComponent(now)
  }`;
  mkdirSync(SHOTS, { recursive: true });
  try {
    await journey(
      t,
      browser,
      errors,
      "typing `source:` completes the values the suggest call returns",
      async ({ context, page }) => {
        const suggestBodies: { field: string; input: string; size: number }[] = [];
        page.on("request", (request: Request) => {
          if (new URL(request.url()).pathname === "/api/search/suggest") {
            suggestBodies.push(request.postDataJSON());
          }
        });
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForSearchResults(page);
        const response = await context.request.post(server.url("/api/search/suggest"), {
          headers: { "X-Requested-By": "XMLHttpRequest" },
          data: { field: "source", input: "", timerange: fixed, size: 50 },
        });
        assert.ok(response.ok());
        const expected: string[] = (await response.json()).suggestions.map((s: { value: string }) => s.value);
        assert.ok(expected.length > 1, "the demo data has several sources");

        await typeInEditor(page, "source:");
        await eventually(async () => assert.deepEqual(await completionLabels(page), expected));
        const call = suggestBodies.at(-1)!;
        assert.equal(call.field, "source");
        assert.equal(call.input, "");
        assert.equal(call.size, 50);
        await page.screenshot({ path: `${SHOTS}querybar-value-completion-light.png` });

        // Typing narrows the list to values with that prefix; Enter takes the first one.
        const first = expected[0];
        await page.keyboard.type(first.slice(0, 3));
        await eventually(async () => {
          const labels = await completionLabels(page);
          assert.ok(
            labels.length > 0 &&
              labels.every((label) => label.toLowerCase().startsWith(first.slice(0, 3).toLowerCase())),
            labels.join(),
          );
        });
        await page.waitForTimeout(200);
        await page.keyboard.press("Enter");
        await eventually(async () =>
          assert.ok(expected.includes((await editorText(page)).slice("source:".length).replace(/^"|"$/g, "")))
        );
        const chosen = (await editorText(page)).slice("source:".length);
        assert.ok(expected.includes(chosen.replace(/^"|"$/g, "")), `chosen ${chosen}`);
        await page.keyboard.press("Enter");
        await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), `source:${chosen}`));

        // A field that is not enumerable gets no values.
        await typeInEditor(page, "message:");
        await page.waitForTimeout(500);
        assert.deepEqual(suggestBodies.filter((body) => body.field === "message"), []);
        assert.deepEqual(await completionLabels(page), []);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a submitted query is offered again as a recent query",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForSearchResults(page);
        await typeInEditor(page, "http_method:GET");
        await page.keyboard.press("Escape");
        await page.keyboard.press("Enter");
        await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), "http_method:GET"));
        await waitForSearchResults(page);

        // A fresh page with an empty editor: focusing it lists the recent query.
        await page.goto(server.url(`/search?${fixedParams}`));
        await waitForSearchResults(page);
        assert.equal(await editorText(page), "");
        await (await openQueryEditor(page)).click();
        await eventually(async () => assert.deepEqual(await completionLabels(page), ["http_method:GET"]));
        await page.locator(".cm-tooltip-autocomplete").getByText("recent query").waitFor();
        await page.screenshot({ path: `${SHOTS}querybar-recent-light.png` });
        // Enter without choosing still searches everything; the list does not swallow it.
        await page.keyboard.press("Enter");
        await page.waitForTimeout(300);
        assert.equal(await editorText(page), "");

        // Typing a prefix offers it as a completion of the whole query; choosing it fills the editor.
        await typeInEditor(page, "http_m");
        await eventually(async () => assert.ok((await completionLabels(page)).includes("http_method:GET")));
        await page.waitForTimeout(200); // CodeMirror ignores clicks in the first moments after the list changes
        await page.locator(".cm-tooltip-autocomplete li").filter({ hasText: "recent query" }).click();
        await eventually(async () => assert.equal(await editorText(page), "http_method:GET"));
      },
    );

    await journey(
      t,
      browser,
      errors,
      "auto refresh re-runs the search at the chosen interval until paused",
      async ({ context, page }) => {
        const searches = countSearches(page);
        await signIn(server, context, page, "admin", "/search");
        await waitForSearchResults(page);
        const toggle = page.getByTestId("auto-refresh-toggle");
        assert.equal((await toggle.innerText()).trim(), "Not updating");
        await page.getByRole("button", { name: "Refresh interval" }).click();
        await page.getByRole("menuitem").first().waitFor();
        await page.waitForTimeout(300); // the menu's opening transition
        const items = (await page.getByRole("menuitem").allInnerTexts()).map((text) => text.trim());
        assert.deepEqual(items, [
          "1 second",
          "2 seconds",
          "5 seconds",
          "10 seconds",
          "30 seconds",
          "1 minute",
          "5 minutes",
        ]);
        await page.screenshot({ path: `${SHOTS}querybar-refresh-menu-light.png` });
        const started = searches.count();
        await page.getByRole("menuitem", { name: "1 second" }).click();
        assert.equal((await toggle.innerText()).trim(), "Every 1 second");
        await eventually(
          () => assert.ok(searches.count() >= started + 3, `searches: ${searches.count() - started}`),
          8_000,
        );

        await toggle.click();
        assert.equal((await toggle.innerText()).trim(), "Not updating");
        await page.waitForTimeout(300); // a tick already under way may still finish
        const paused = searches.count();
        await page.waitForTimeout(2_500);
        assert.equal(searches.count(), paused, "no search runs while paused");

        // Start again with the button (same interval), then leave the page: the timer ends with it.
        await toggle.click();
        assert.equal((await toggle.innerText()).trim(), "Every 1 second");
        const resumed = searches.count();
        await eventually(() => assert.ok(searches.count() > resumed), 5_000);
        await page.getByRole("link", { name: "Streams" }).first().click();
        // The search page stays until the next page has loaded: count from when it is gone.
        await toggle.waitFor({ state: "detached" });
        await page.waitForTimeout(300);
        const left = searches.count();
        await page.waitForTimeout(2_500);
        assert.equal(searches.count(), left, "no search runs after leaving the page");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "highlighting rules: create with every validation, edit and delete",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForSearchResults(page);
        await page.getByRole("button", { name: "Highlighting", exact: true }).click();
        const rules = page.getByTestId("highlighting-rule");
        await eventually(async () => assert.deepEqual(await rules.allInnerTexts(), ["Search terms"]));

        await page.getByRole("button", { name: "Add highlighting rule" }).click();
        const dialog = page.getByRole("dialog", { name: "Create Highlighting Rule" });
        await dialog.waitFor();
        await dialog.getByRole("button", { name: "Create rule" }).click();
        await dialog.getByText("Field is required", { exact: true }).waitFor();
        await dialog.getByText("Value is required", { exact: true }).waitFor();

        await chooseField(page, "source");
        await dialog.getByRole("textbox", { name: "Value" }).fill("web-01");
        await eventually(async () =>
          assert.equal(await dialog.getByText("Field is required", { exact: true }).count(), 0)
        );
        assert.equal(await dialog.getByText("Value is required", { exact: true }).count(), 0);
        // Only == and != for a text field.
        await dialog.getByLabel("Condition", { exact: true }).click();
        assert.deepEqual((await page.getByRole("option").allInnerTexts()).map((o) => o.trim()), [
          "== (is equal)",
          "!= (is not equal)",
        ]);
        await page.keyboard.press("Escape");

        await dialog.getByRole("radio", { name: "Gradient" }).check();
        await dialog.getByText("A gradient can only be defined for numeric fields.").waitFor();
        await dialog.getByText("Must be higher than lowest value.").waitFor(); // the defaults are 0 and 0
        assert.equal(await dialog.getByTestId("gradient-preview").locator("[data-color]").count(), 5);
        assert.equal(await dialog.getByLabel("Gradient name", { exact: true }).inputValue(), "Viridis");

        await chooseField(page, "http_response_code");
        await eventually(async () =>
          assert.equal(
            await dialog.getByText("A gradient can only be defined for numeric fields.").count(),
            0,
          )
        );
        await dialog.getByRole("textbox", { name: "Lower" }).fill("");
        await dialog.getByRole("textbox", { name: "Lower" }).blur();
        await dialog.getByText("Must be present.").waitFor();
        await dialog.getByRole("textbox", { name: "Lower" }).fill("abc");
        await dialog.getByText("Must be a number.").waitFor();
        await dialog.getByRole("textbox", { name: "Lower" }).fill("400");
        await dialog.getByRole("textbox", { name: "Upper" }).fill("300");
        await dialog.getByText("Must be higher than lowest value.").waitFor();
        await dialog.getByRole("textbox", { name: "Upper" }).fill("599");
        await dialog.getByLabel("Condition", { exact: true }).click();
        await page.getByRole("option", { name: ">= (is greater or equal than)" }).click();
        await dialog.getByRole("textbox", { name: "Value" }).fill("400");
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}querybar-highlighting-dialog-light.png` });
        await dialog.getByRole("button", { name: "Create rule" }).click();
        await dialog.waitFor({ state: "detached" });
        await eventually(async () =>
          assert.deepEqual(await rules.allInnerTexts(), ["Search terms", "http_response_code >= 400"])
        );

        // Edit: the dialog opens with the rule's values; switch to a static colour.
        await page.getByRole("button", { name: "Edit highlighting rule http_response_code >= 400" }).click();
        const edit = page.getByRole("dialog", { name: "Edit Highlighting Rule" });
        await edit.waitFor();
        assert.equal(await edit.getByRole("textbox", { name: "Value" }).inputValue(), "400");
        assert.equal(await edit.getByRole("textbox", { name: "Lower" }).inputValue(), "400");
        await edit.getByRole("textbox", { name: "Value" }).fill("500");
        await edit.getByRole("radio", { name: "Static Color" }).check();
        await edit.getByRole("radio", { name: "#ff7875" }).click();
        await edit.getByRole("button", { name: "Update rule" }).click();
        await edit.waitFor({ state: "detached" });
        await eventually(async () =>
          assert.deepEqual(await rules.allInnerTexts(), ["Search terms", "http_response_code >= 500"])
        );
        await page.screenshot({ path: `${SHOTS}querybar-highlighting-light.png` });

        await page.getByRole("button", { name: "Remove highlighting rule http_response_code >= 500" }).click();
        await eventually(async () => assert.deepEqual(await rules.allInnerTexts(), ["Search terms"]));

        // A rule on a shown column colours exactly the matching cells of the message table.
        const sourceCells = page.locator('td[data-field="source"]');
        const value = (await sourceCells.first().innerText()).trim();
        await page.getByRole("button", { name: "Add highlighting rule" }).click();
        await chooseField(page, "source");
        await dialog.getByRole("textbox", { name: "Value" }).fill(value);
        await dialog.getByRole("radio", { name: "#91d5ff" }).click();
        await dialog.getByRole("button", { name: "Create rule" }).click();
        await dialog.waitFor({ state: "detached" });
        await eventually(async () => {
          const cells = await sourceCells.evaluateAll((all) =>
            all.map((cell) => ({
              text: (cell as HTMLElement).innerText.trim(),
              background: getComputedStyle(cell).backgroundColor,
            }))
          );
          assert.ok(cells.some((cell) => cell.text === value));
          for (const cell of cells) {
            assert.equal(
              cell.background === "rgb(145, 213, 255)",
              cell.text === value,
              `${cell.text}: ${cell.background}`,
            );
          }
        });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the query bar and highlighting dialog in dark mode",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForSearchResults(page);
        await page.getByRole("button", { name: "Refresh interval" }).click();
        await page.getByRole("menuitem").first().waitFor();
        await page.waitForTimeout(300); // the menu's opening transition
        await page.screenshot({ path: `${SHOTS}querybar-refresh-menu-dark.png` });
        await page.keyboard.press("Escape");
        await typeInEditor(page, "source:");
        await page.locator(".cm-tooltip-autocomplete li").first().waitFor();
        await page.screenshot({ path: `${SHOTS}querybar-value-completion-dark.png` });
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Highlighting", exact: true }).click();
        await page.getByRole("button", { name: "Add highlighting rule" }).click();
        const dialog = page.getByRole("dialog", { name: "Create Highlighting Rule" });
        await chooseField(page, "http_response_code");
        await dialog.getByRole("radio", { name: "Gradient" }).check();
        await dialog.getByRole("button", { name: "Create rule" }).click();
        await dialog.getByText("Value is required", { exact: true }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}querybar-highlighting-dialog-dark.png` });
      },
      { colorScheme: "dark" },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});

/** Picks a field in the rule dialog's searchable Field select. */
async function chooseField(page: Page, field: string): Promise<void> {
  const input = page.getByRole("dialog").getByLabel("Field", { exact: true });
  await input.click();
  await input.fill(field);
  await page.getByRole("option", { name: field, exact: true }).click();
  await eventually(async () => assert.equal(await input.inputValue(), field));
}
