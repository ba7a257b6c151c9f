/**
 * The search page's layout in a real browser: the sidebar pinned inline or as a resizable overlay (and the saved
 * choice), the `interval` URL parameter, the 'No stream permissions.' page, the leave-page confirmation and the
 * export dialog's message-table choice.
 */
import assert from "node:assert/strict";
import { parse as csvRecords } from "csv-parse/sync";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page, Request } from "playwright-core";
import { SEED_ROLES } from "../../fixtures/seed-users.ts";
import { Database } from "../../mock-backend/database.ts";
import { hashPassword } from "../../mock-backend/passwords.ts";
import { QUERY_ID } from "../../ui/view/search-request.ts";
import { defaultSearchView, messagesWidget } from "../../ui/widgets/logic/default-search-view.ts";
import { toQueryViewState } from "../../ui/view/view-state-wire.ts";
import type { ViewWidgets } from "../../ui/view/view-widgets.ts";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  openQueryEditor,
  signIn,
  SluiceServer,
  waitForSearchResults,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const HEADERS = { "X-Requested-By": "XMLHttpRequest" };
const LEAVE_QUESTION = "Are you sure you want to leave the page? Any unsaved changes will be lost.";
/** A user who may search but read no stream; the harness signs users in with their name as password. */
const NO_STREAMS_USER = "nostreams";

/**
 * The user is written into the stopped server's database, the way the seed writes the built-in ones (naming the
 * columns, which later areas add to), with the Reader role's permissions except the stream.
 */
async function addUserWithoutStreams(server: SluiceServer): Promise<void> {
  await server.stop();
  const db = await Database.open({ path: join(server.dataDir, "sluice.duckdb"), connections: 1 });
  try {
    const reader = SEED_ROLES.find((role) => role.name === "Reader")!;
    const permissions = [
      ...reader.permissions.filter((permission) => !permission.startsWith("streams:")),
      `users:read:${NO_STREAMS_USER}`,
    ];
    await db.run(
      `INSERT INTO users (id, username, full_name, first_name, last_name, email, password_hash, roles, permissions, read_only,
         timezone, session_timeout_ms, preferences, startpage, account_status)
       VALUES (?, ?, ?, NULL, NULL, ?, ?, ?::VARCHAR[], ?::VARCHAR[], false, NULL, ?, '{}', NULL, 'enabled')`,
      [
        randomBytes(12).toString("hex"),
        NO_STREAMS_USER,
        "Nora No-Streams",
        "nostreams@sluice.local",
        await hashPassword(NO_STREAMS_USER),
        "[]",
        JSON.stringify(permissions),
        8 * 3600_000,
      ],
    );
  } finally {
    db.close();
  }
  await server.start();
}

/** A saved search whose page holds the given widgets, over `timerange`; returns its id. */
async function storeSavedSearch(
  request: APIRequestContext,
  server: SluiceServer,
  title: string,
  widgets: ViewWidgets,
  timerange: unknown,
): Promise<string> {
  const search = await request.post(server.url("/api/views/search"), {
    headers: HEADERS,
    data: { queries: [{ id: QUERY_ID, timerange, query: { type: "elasticsearch", query_string: "" } }] },
  });
  assert.equal(search.status(), 201, await search.text());
  const view = await request.post(server.url("/api/views"), {
    headers: HEADERS,
    data: {
      type: "SEARCH",
      title,
      search_id: (await search.json()).id,
      state: { [QUERY_ID]: toQueryViewState(widgets) },
    },
  });
  assert.equal(view.status(), 200, await view.text());
  return (await view.json()).id;
}

async function preferences(request: APIRequestContext, server: SluiceServer, username: string) {
  const answer = await request.get(server.url(`/api/users/${username}/preferences`));
  assert.ok(answer.ok(), `preferences: ${answer.status()}`);
  return (await answer.json()).preferences as Record<string, unknown>;
}

/** The page is interactive once the query editor (client-only) is there and the search has answered. */
async function waitForResults(page: Page): Promise<void> {
  await openQueryEditor(page);
  await waitForSearchResults(page);
}

/** The time grouping intervals of the pivots of every search job the page creates. */
function recordIntervals(page: Page): string[] {
  const intervals: string[] = [];
  page.on("request", (request: Request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/views/search") return;
    const body = request.postDataJSON() as {
      queries: { search_types: { type: string; row_groups?: { type: string; interval?: Record<string, unknown> }[] }[] }[];
    };
    for (const searchType of body.queries.flatMap((query) => query.search_types)) {
      for (const group of searchType.row_groups ?? []) {
        if (group.type === "time" && group.interval) {
          intervals.push(group.interval.type === "timeunit" ? String(group.interval.timeunit) : "auto");
        }
      }
    }
  });
  return intervals;
}

/** The default search plus a 'Methods' table with other columns, without the message row, sorted by source. */
function twoTables(): ViewWidgets {
  const base = defaultSearchView();
  const methods = messagesWidget("methods-table");
  methods.config = {
    ...methods.config,
    fields: ["http_method", "source"],
    show_message_row: false,
    sort: [{ type: "pivot", field: "source", direction: "Ascending" }],
  };
  return {
    ...base,
    widgets: [...base.widgets, methods],
    positions: { ...base.positions, [methods.id]: { col: 1, row: 9, height: 5, width: "Infinity" } },
    titles: { ...base.titles, [methods.id]: "Methods" },
  };
}

async function overlayWidth(page: Page): Promise<number> {
  const box = await page.getByTestId("sidebar-overlay").boundingBox();
  assert.ok(box, "the overlay is shown");
  return Math.round(box.width);
}

/** Drags the overlay's resize handle by `dx` pixels. */
async function dragHandle(page: Page, dx: number): Promise<void> {
  const box = await page.getByTestId("sidebar-resize-handle").boundingBox();
  assert.ok(box);
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 200);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

Deno.test("the search page layout in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(200));
  await server.start();
  await addUserWithoutStreams(server);
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const now = new Date().toISOString();
  const fixed = { type: "absolute", from: "2000-01-01T00:00:00.000Z", to: now };
  const fixedParams = `rangetype=absolute&from=${encodeURIComponent(fixed.from)}&to=${encodeURIComponent(now)}`;
  mkdirSync(SHOTS, { recursive: true });
  try {
    await journey(
      t,
      browser,
      errors,
      "the sidebar unpins into a resizable overlay that closes on the backdrop, and the choice survives a reload",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForResults(page);
        const sidebar = page.getByTestId("search-sidebar");
        // Pinned by default: inline, open on the first section.
        assert.equal(await sidebar.getAttribute("data-pinned"), "true");
        await page.getByRole("region", { name: "Description" }).waitFor();
        assert.equal(await page.getByTestId("sidebar-overlay").count(), 0);
        const pin = page.getByRole("button", { name: "Pin sidebar" });
        assert.equal(await pin.getAttribute("aria-pressed"), "true");

        await pin.click();
        await eventually(async () => assert.equal(await sidebar.getAttribute("data-pinned"), "false"));
        await page.getByTestId("sidebar-overlay").getByText("Query executed in", { exact: false }).waitFor();
        await page.getByTestId("sidebar-backdrop").waitFor();
        await eventually(async () =>
          assert.equal((await preferences(context.request, server, "admin")).searchSidebarIsPinned, false)
        );

        // Resizable from 315 to 500 px.
        assert.equal(await overlayWidth(page), 315);
        await dragHandle(page, 100);
        await eventually(async () => assert.equal(await overlayWidth(page), 415));
        await dragHandle(page, -400);
        await eventually(async () => assert.equal(await overlayWidth(page), 315));
        await dragHandle(page, 400);
        await eventually(async () => assert.equal(await overlayWidth(page), 500));
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SHOTS}search-layout-overlay-light.png` });

        // A backdrop click closes it; the rail still switches sections; clicking the open one closes it.
        await page.getByTestId("sidebar-backdrop").click({ position: { x: 1200, y: 600 } });
        await eventually(async () => assert.equal(await page.getByTestId("sidebar-overlay").count(), 0));
        await page.getByRole("button", { name: "Fields", exact: true }).click();
        await page.getByTestId("sidebar-overlay").getByRole("textbox", { name: "Filter fields" }).waitFor();
        await page.getByRole("button", { name: "Create", exact: true }).click();
        await page.getByRole("region", { name: "Create" }).waitFor();
        await page.getByRole("button", { name: "Create", exact: true }).click();
        await eventually(async () => assert.equal(await page.getByTestId("sidebar-overlay").count(), 0));
        await page.getByRole("button", { name: "Highlighting", exact: true }).click();
        await page.getByRole("region", { name: "Highlighting" }).waitFor();
        await page.keyboard.press("Escape");
        await eventually(async () => assert.equal(await page.getByTestId("sidebar-overlay").count(), 0));

        // After a reload the sidebar is still an overlay, closed until a section is chosen.
        await page.reload();
        await waitForResults(page);
        assert.equal(await page.getByTestId("search-sidebar").getAttribute("data-pinned"), "false");
        assert.equal(await page.getByRole("region", { name: "Description" }).count(), 0);

        // Pinning again puts it back inline, and that too is kept.
        await page.getByRole("button", { name: "Description", exact: true }).click();
        await page.getByRole("button", { name: "Pin sidebar" }).click();
        await eventually(async () =>
          assert.equal((await preferences(context.request, server, "admin")).searchSidebarIsPinned, true)
        );
        assert.equal(await page.getByTestId("sidebar-backdrop").count(), 0);
        await page.reload();
        await waitForResults(page);
        assert.equal(await page.getByTestId("search-sidebar").getAttribute("data-pinned"), "true");
        await page.getByRole("region", { name: "Description" }).waitFor();
      },
    );

    const PHONE = { viewport: { width: 412, height: 915 } };
    /** The widget grid's width: on a phone, the window less the 50 px rail and the page's padding. */
    const gridWidth = async (page: Page) => (await page.getByTestId("widget-grid").boundingBox())?.width ?? 0;
    await journey(
      t,
      browser,
      errors,
      "on a phone-wide window the sidebar is an overlay whatever the pin preference, so the widgets get the width",
      async ({ page, context }) => {
        // Whether the overlay was ever put in the page, even for a frame, while the page learnt it is on a phone.
        await context.addInitScript(() => {
          const seen = { overlay: false };
          Object.assign(globalThis, { sidebarSeen: seen });
          new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.addedNodes) {
                const overlay = '[data-testid="sidebar-overlay"]';
                if (node instanceof Element && (node.matches(overlay) || node.querySelector(overlay))) seen.overlay = true;
              }
            }
          }).observe(document, { childList: true, subtree: true });
        });
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        assert.equal((await preferences(context.request, server, "admin")).searchSidebarIsPinned, true);
        await waitForResults(page);
        const sidebar = page.getByTestId("search-sidebar");
        await eventually(async () => assert.equal(await sidebar.getAttribute("data-pinned"), "false"));
        assert.equal(await page.getByRole("region", { name: "Description" }).count(), 0);
        assert.equal(
          await page.evaluate(() => (globalThis as unknown as { sidebarSeen: { overlay: boolean } }).sidebarSeen.overlay),
          false,
          "the sidebar overlay never opened by itself",
        );
        assert.ok(await gridWidth(page) > 300, `grid ${await gridWidth(page)} px wide`);
        // A section opens as the overlay; there is no pin toggle (the preference stays as it is).
        await page.getByRole("button", { name: "Description", exact: true }).click();
        await page.getByTestId("sidebar-overlay").getByText("Query executed in", { exact: false }).waitFor();
        assert.equal(await page.getByRole("button", { name: "Pin sidebar" }).count(), 0);
        await page.screenshot({ path: `${SHOTS}search-layout-phone-overlay-light.png` });
        await page.keyboard.press("Escape");
        await eventually(async () => assert.equal(await page.getByTestId("sidebar-overlay").count(), 0));
        // Wide again, the preference holds: pinned inline, on the first section.
        await page.setViewportSize({ width: 1350, height: 900 });
        await eventually(async () => assert.equal(await sidebar.getAttribute("data-pinned"), "true"));
        await page.getByRole("region", { name: "Description" }).waitFor();
        assert.equal((await preferences(context.request, server, "admin")).searchSidebarIsPinned, true);
      },
      PHONE,
    );

    await journey(
      t,
      browser,
      errors,
      "on a phone-wide window the server's page already leaves the pinned panel out (no script run)",
      async ({ page, context }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await page.getByTestId("message-table").first().waitFor();
        assert.equal(await page.getByRole("region", { name: "Description" }).isVisible(), false);
        assert.ok(await gridWidth(page) > 300, `grid ${await gridWidth(page)} px wide`);
        await page.screenshot({ path: `${SHOTS}search-layout-phone-no-script-light.png` });
      },
      { ...PHONE, javaScriptEnabled: false },
    );

    await journey(
      t,
      browser,
      errors,
      "a read-only user's pin choice is kept in the browser, not in the preferences",
      async ({ context, page }) => {
        await signIn(server, context, page, "reader", "/search");
        await waitForResults(page);
        await page.getByRole("button", { name: "Pin sidebar" }).click();
        await eventually(async () =>
          assert.equal(await page.getByTestId("search-sidebar").getAttribute("data-pinned"), "false")
        );
        assert.equal(await page.evaluate(() => localStorage.getItem("searchSidebarIsPinned")), "false");
        assert.equal((await preferences(context.request, server, "reader")).searchSidebarIsPinned, undefined);
        await page.reload();
        await waitForResults(page);
        await eventually(async () =>
          assert.equal(await page.getByTestId("search-sidebar").getAttribute("data-pinned"), "false")
        );
        // The browser-kept choice applies after hydration (the server cannot know it); the section closes with it.
        await eventually(async () =>
          assert.equal(await page.getByRole("region", { name: "Description" }).count(), 0)
        );
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the interval parameter groups the Message Count chart and is written back on submit",
      async ({ context, page }) => {
        const intervals = recordIntervals(page);
        // The interval name of older search URLs is read, and written back in the short form on submit.
        // The server renders the first job (no request from the browser); a submit sends the job the page runs.
        await signIn(server, context, page, "admin", `/search?${fixedParams}&interval=hour`);
        await waitForResults(page);
        await page.getByRole("button", { name: "Perform search" }).click();
        await eventually(() => assert.equal(new URL(page.url()).searchParams.get("interval"), "1h"));
        await eventually(() => assert.equal(intervals.at(-1), "1h"));
        await waitForResults(page);

        await page.goto(server.url(`/search?${fixedParams}&interval=15m`));
        await waitForResults(page);
        const editor = await openQueryEditor(page);
        await editor.click();
        await page.keyboard.type("http_method:GET");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Perform search" }).click();
        await eventually(() => {
          const url = new URL(page.url());
          assert.equal(url.searchParams.get("q"), "http_method:GET");
          assert.equal(url.searchParams.get("interval"), "15m");
        });
        await waitForResults(page);
        assert.equal(intervals.at(-1), "15m");

        // Without the parameter the chart keeps its automatic grouping, and none is written.
        await page.goto(server.url(`/search/new?${fixedParams}`));
        await waitForResults(page);
        await page.getByRole("button", { name: "Perform search" }).click();
        await waitForResults(page);
        assert.equal(new URL(page.url()).searchParams.has("interval"), false);
        assert.equal(intervals.at(-1), "auto");

        // A malformed interval is an error page naming it.
        await page.goto(server.url(`/search?${fixedParams}&interval=5x`));
        await page.getByText("Invalid interval: 5x.", { exact: false }).waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a user who can read no stream gets the 'No stream permissions.' page instead of the search",
      async ({ context, page }) => {
        const streams = await (async () => {
          await signIn(server, context, page, NO_STREAMS_USER, "/welcome");
          const answer = await context.request.get(server.url("/api/streams"));
          return (await answer.json()).total;
        })();
        assert.equal(streams, 0);
        await page.goto(server.url("/search"));
        await page.getByRole("heading", { level: 1, name: "No stream permissions." }).waitFor();
        await page.getByText("no search can be started", { exact: false }).waitFor();
        await page.getByText("contact your administrator", { exact: false }).waitFor();
        assert.equal(await page.getByRole("button", { name: "Perform search" }).count(), 0);
        await page.screenshot({ path: `${SHOTS}search-layout-no-streams-light.png` });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "leaving a saved search with unsaved changes asks first",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/welcome");
        const id = await storeSavedSearch(context.request, server, "Leave me", defaultSearchView(), fixed);
        await page.goto(server.url(`/search/${id}`));
        await waitForResults(page);
        // Unchanged: leaving does not ask.
        await page.getByRole("button", { name: "Saved search" }).waitFor();
        const questions: string[] = [];
        let answer = false;
        page.on("dialog", (dialog) => {
          questions.push(dialog.message());
          void (answer ? dialog.accept() : dialog.dismiss());
        });
        await page.getByRole("link", { name: "Welcome" }).click();
        await page.getByRole("heading", { level: 1, name: "Welcome" }).waitFor({ timeout: 20_000 });
        assert.deepEqual(questions, []);

        await page.goBack();
        await waitForResults(page);
        const editor = await openQueryEditor(page);
        await editor.click();
        await page.keyboard.type("source:changed");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Perform search" }).click();
        await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), "source:changed"));
        await page.getByRole("button", { name: "Unsaved changes" }).waitFor();
        // Declined: the page stays.
        await page.getByRole("link", { name: "Welcome" }).click();
        await eventually(() => assert.deepEqual(questions, [LEAVE_QUESTION]));
        assert.equal(new URL(page.url()).pathname, `/search/${id}`);
        // Confirmed: the page is left.
        answer = true;
        await page.getByRole("link", { name: "Welcome" }).click();
        await page.getByRole("heading", { level: 1, name: "Welcome" }).waitFor({ timeout: 20_000 });
        assert.deepEqual(questions, [LEAVE_QUESTION, LEAVE_QUESTION]);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "with two message tables the export takes the chosen table's fields and order",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/welcome");
        const id = await storeSavedSearch(context.request, server, "Two tables", twoTables(), fixed);
        await page.goto(server.url(`/search/${id}`));
        await waitForResults(page);

        // The search's Export: choose the second table.
        await page.getByRole("button", { name: "More search actions" }).click();
        await page.getByRole("menuitem", { name: "Export", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Export all search results" });
        await dialog.waitFor();
        assert.equal(await dialog.getByRole("combobox", { name: "Output format" }).count(), 0, "one format: no choice");
        const tableSelect = dialog.getByRole("combobox", { name: "Message table" });
        assert.equal(await tableSelect.inputValue(), "All Messages");
        await tableSelect.click();
        await page.getByRole("option", { name: "Methods" }).click();
        assert.equal(await tableSelect.inputValue(), "Methods");
        await dialog.getByRole("textbox", { name: "Messages limit" }).fill("40");
        await page.waitForTimeout(300); // the modal's opening transition, for the screenshot
        await page.screenshot({ path: `${SHOTS}search-layout-export-light.png` });
        const download = page.waitForEvent("download");
        await dialog.getByRole("button", { name: "Start Download" }).click();
        const file = await download;
        assert.equal(file.suggestedFilename(), "Two-tables-search-result.csv");
        const records = csvRecords(readFileSync((await file.path())!, "utf8"));
        assert.deepEqual(records[0], ["http_method", "source"]);
        const rows = records.slice(1);
        assert.equal(rows.length, 40);
        const sources = rows.map((row) => row[1]);
        assert.deepEqual(sources, [...sources].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), "sorted by source ascending");
        await eventually(async () => assert.equal(await dialog.count(), 0));

        // A widget's own Export preselects its table.
        const frame = page.getByRole("region", { name: "Methods" });
        await frame.getByRole("button", { name: "Open actions dropdown" }).click();
        await page.getByRole("menuitem", { name: "Export", exact: true }).click();
        await dialog.waitFor();
        assert.equal(await dialog.getByRole("combobox", { name: "Message table" }).inputValue(), "Methods");
        await dialog.getByRole("textbox", { name: "Messages limit" }).fill("5");
        const widgetDownload = page.waitForEvent("download");
        await dialog.getByRole("button", { name: "Start Download" }).click();
        const widgetFile = await widgetDownload;
        assert.equal(widgetFile.suggestedFilename(), "Methods-search-result.csv");
        const widgetRecords = csvRecords(readFileSync((await widgetFile.path())!, "utf8"));
        assert.deepEqual(widgetRecords[0], ["http_method", "source"]);
        assert.equal(widgetRecords.length - 1, 5);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the overlay sidebar, the export dialog and the interval error in dark mode",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForResults(page);
        await page.getByRole("button", { name: "Pin sidebar" }).click();
        await page.getByRole("button", { name: "Fields", exact: true }).click();
        await page.getByTestId("sidebar-overlay").getByTestId("sidebar-field").first().waitFor();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${SHOTS}search-layout-overlay-dark.png` });
        await page.getByRole("button", { name: "Pin sidebar" }).click();
        await eventually(async () =>
          assert.equal((await preferences(context.request, server, "admin")).searchSidebarIsPinned, true)
        );
        const id = await storeSavedSearch(context.request, server, "Two tables dark", twoTables(), fixed);
        await page.goto(server.url(`/search/${id}`));
        await waitForResults(page);
        await page.getByRole("button", { name: "More search actions" }).click();
        await page.getByRole("menuitem", { name: "Export", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Export all search results" });
        await dialog.getByRole("combobox", { name: "Message table" }).click();
        await page.getByRole("option", { name: "Methods" }).waitFor();
        await page.waitForTimeout(400); // the modal's opening transition
        await page.screenshot({ path: `${SHOTS}search-layout-export-dark.png` });
        await page.keyboard.press("Escape");
        await page.goto(server.url("/search?interval=5x"));
        await page.getByText("Invalid interval: 5x.", { exact: false }).waitFor();
        await page.screenshot({ path: `${SHOTS}search-layout-bad-interval-dark.png` });
      },
      { colorScheme: "dark" },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
