/**
 * Shared plumbing for the browser journeys: a Sluice server per test file (own port, fresh data dir), a
 * fresh browser context per journey, sign-in helpers, polling assertions, console error collection and a
 * screenshot in test-results/ when a journey fails.
 */
import assert from "node:assert/strict";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Locator, Page } from "playwright-core";
import { PAGE_HYDRATED_ATTRIBUTE } from "../../ui/shell/PageHydratedMark.tsx";

/** A running `deno run -A main.ts`; `stop()` sends SIGTERM and waits, `start()` runs it again on the same port and data. */
export class SluiceServer {
  readonly port: number;
  readonly dataDir: string;
  readonly prefix: string;
  /** Further settings, e.g. SLUICE_GRAYLOG_URL for a Sluice in proxy mode. */
  readonly env: Record<string, string>;
  /** How long `start()` waits for "Sluice listening"; a process that exits earlier fails at once. */
  readonly startTimeoutMs: number;
  #child: Deno.ChildProcess | null = null;
  #pumps: Promise<void>[] = [];
  #output = "";

  constructor(
    port: number,
    options: { prefix?: string; env?: Record<string, string>; startTimeoutMs?: number } = {},
  ) {
    this.port = port;
    this.prefix = options.prefix ?? "";
    this.env = options.env ?? {};
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.dataDir = Deno.makeTempDirSync({ prefix: `sluice-e2e-${port}-` });
  }

  /** http://127.0.0.1:PORT plus the path prefix, without a trailing slash. */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get baseUrl(): string {
    return `${this.origin}${this.prefix}`;
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** What the server printed so far (for failure messages). */
  get output(): string {
    return this.#output;
  }

  async start(): Promise<void> {
    if (this.#child) throw new Error("server already running");
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: new URL("../../", import.meta.url).pathname,
      env: {
        PORT: String(this.port),
        HOST: "127.0.0.1",
        SLUICE_DATA_DIR: this.dataDir,
        SLUICE_DEMO_MESSAGES: "500",
        SLUICE_DEMO_RATE: "5",
        SLUICE_ADMIN_PASSWORD: "admin",
        SLUICE_PATH_PREFIX: this.prefix,
        NO_COLOR: "1",
        ...this.env,
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#child = child;
    let resolveReady!: () => void;
    const ready = new Promise<void>((resolve) => (resolveReady = resolve));
    const startedAt = this.#output.length; // after a restart, only the new run's output counts
    const pump = async (stream: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) {
        this.#output += decoder.decode(chunk, { stream: true });
        if (this.#output.slice(startedAt).includes(`Sluice listening on http://127.0.0.1:${this.port}`)) {
          resolveReady();
        }
      }
    };
    this.#pumps = [pump(child.stdout), pump(child.stderr)];
    const exited = child.status.then((status) => {
      throw new Error(
        `server on port ${this.port} exited with ${status.code} before listening:\n${this.#output}`,
      );
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`server on port ${this.port} did not start in ${this.startTimeoutMs / 1000} s:\n${this.#output}`),
          ),
        this.startTimeoutMs,
      );
    });
    try {
      await Promise.race([ready, exited, timeout]);
    } finally {
      clearTimeout(timer);
      exited.catch(() => {}); // the exit after a later stop() is expected
    }
  }

  /** SIGTERM, then wait for the process to end and its output to drain. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = null;
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const killLater = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch {
          // Already gone.
        }
        resolve();
      }, 10_000);
    });
    await Promise.race([child.status, killLater]);
    clearTimeout(timer);
    await child.status;
    await Promise.all(this.#pumps);
  }

  /** Stops the server and removes its data directory. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The port for a test file: SLUICE_E2E_PORT (default 19400) plus the file's offset. */
export function e2ePort(offset: number): number {
  const base = Number(Deno.env.get("SLUICE_E2E_PORT") ?? "19400");
  return base + offset;
}

export interface CollectedError {
  journey: string;
  text: string;
  url: string;
}

/**
 * Console errors and uncaught page errors across the journeys of a file. Expected browser noise (a failed
 * resource load the journey provokes on purpose) is allowed per journey with `allow`.
 */
export class ConsoleErrors {
  readonly errors: CollectedError[] = [];
  #allowed: { journey: string; pattern: RegExp }[] = [];

  attach(page: Page, journey: string): void {
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() !== "error") return;
      this.errors.push({ journey, text: message.text(), url: message.location().url });
    });
    page.on("pageerror", (error: Error) => {
      this.errors.push({
        journey,
        text: `${error.name}: ${error.message}\n${error.stack ?? ""}`,
        url: page.url(),
      });
    });
  }

  /** Lets an expected error of one journey pass (matched against "text @ url"). */
  allow(journey: string, pattern: RegExp): void {
    this.#allowed.push({ journey, pattern });
  }

  unexpected(): CollectedError[] {
    return this.errors.filter((error) =>
      !this.#allowed.some((allowed) =>
        allowed.journey === error.journey && allowed.pattern.test(`${error.text} @ ${error.url}`)
      )
    );
  }
}

export interface JourneyTools {
  context: BrowserContext;
  page: Page;
}

/**
 * One journey as a test step: a fresh browser context and page, errors collected, a full-page screenshot
 * in test-results/ when it fails, the context closed afterwards.
 */
export async function journey(
  t: Deno.TestContext,
  browser: Browser,
  errors: ConsoleErrors,
  name: string,
  body: (tools: JourneyTools) => Promise<void>,
  contextOptions: BrowserContextOptions = {},
): Promise<boolean> {
  return await t.step(name, async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...contextOptions });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    errors.attach(page, name);
    try {
      await body({ context, page });
    } catch (error) {
      await screenshot(page, name);
      throw error;
    } finally {
      await context.close();
    }
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(new URL("../../", import.meta.url).pathname, "test-results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name.replace(/[^A-Za-z0-9]+/g, "-").slice(0, 80)}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
    console.error(`Screenshot of the failed journey: ${file}`);
  } catch (error) {
    console.error(`No screenshot for '${name}': ${error}`);
  }
}

/** Retries an assertion until it passes or the time is up (playwright-core has no `expect`). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** Signs in through the login form shown at any URL while signed out and waits for the app's navigation. */
export async function signInWithForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole("textbox", { name: "Username" }).fill(username);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "User menu" }).waitFor();
}

/** Signs in through the API (the context's cookie jar is shared with its pages), then opens `path`. */
export async function signIn(
  server: SluiceServer,
  context: BrowserContext,
  page: Page,
  username: string,
  path = "/welcome",
): Promise<void> {
  const response = await context.request.post(server.url("/api/system/sessions"), {
    data: { username, password: username === "admin" ? "admin" : username, host: "e2e" },
    headers: { "X-Requested-By": "XMLHttpRequest" },
  });
  if (!response.ok()) {
    throw new Error(`sign in as ${username} failed: ${response.status()} ${await response.text()}`);
  }
  await page.goto(server.url(path));
  await page.getByRole("button", { name: "User menu" }).waitFor();
}

/** Waits until a page loaded on demand (search, message, decorators) has hydrated: before, clicks do nothing. */
export async function waitForPageHydration(page: Page): Promise<void> {
  await page.locator(`html[${PAGE_HYDRATED_ATTRIBUTE}]`).waitFor({ state: "attached" });
}

/** The page's level-1 heading text. */
export async function pageHeading(page: Page): Promise<string> {
  return (await page.getByRole("heading", { level: 1 }).first().innerText()).trim();
}

/** The closing step of every file: no journey logged an unexpected console error or threw an uncaught error. */
export async function assertNoConsoleErrors(t: Deno.TestContext, errors: ConsoleErrors): Promise<void> {
  await t.step("no journey logged a console error or an uncaught page error", () => {
    if (Deno.env.get("SLUICE_E2E_VERBOSE")) {
      for (const e of errors.errors) console.log(`collected: [${e.journey}] ${e.text} @ ${e.url}`);
    }
    const unexpected = errors.unexpected();
    assert.deepEqual(
      unexpected,
      [],
      `console errors:\n${unexpected.map((e) => `[${e.journey}] ${e.text} @ ${e.url}`).join("\n")}`,
    );
  });
}

/** Waits until the search page shows its (first) message table and no search is running any more. */
export async function waitForSearchResults(page: Page): Promise<void> {
  await page.getByTestId("message-table").first().waitFor();
  await eventually(async () => assert.equal(await page.getByTestId("search-updating").count(), 0));
  // The results come in the server's HTML: wait until the page answers clicks too.
  await page.locator("html[data-search-page-hydrated]").waitFor({ state: "attached" });
}

/**
 * The query editor (CodeMirror's content element). The page first shows a light surface and swaps CodeMirror
 * in on the first focus: this focuses the surface if it is still there, waits for the editor and blurs it, so
 * the editor is there as it was before it loaded on demand. Also a sign that the page has hydrated.
 */
export async function openQueryEditor(page: Page): Promise<Locator> {
  const editor = page.locator(".cm-content");
  const surface = page.getByTestId("query-surface");
  await surface.or(editor).first().waitFor();
  // Focused before hydration, the surface may be rendered anew without the focus: focus again until the editor
  // is there. No waiting locator action: the surface may be swapped out at any moment.
  for (let attempt = 0; attempt < 60 && await editor.count() === 0; attempt++) {
    await surface.evaluateAll((inputs) => inputs.forEach((input) => (input as HTMLInputElement).focus()));
    await editor.waitFor({ timeout: 500 }).catch(() => undefined);
  }
  await editor.waitFor();
  // Leave it as the page had it before anyone typed: unfocused, no completion list (focusing an empty editor
  // opens the recent queries a moment later).
  await page.waitForTimeout(100);
  await editor.evaluate((content) => (content as HTMLElement).blur());
  return editor;
}

/** The query as the query bar shows it, from the editor or (before it is swapped in) the surface. */
export async function queryText(page: Page): Promise<string> {
  const surface = page.getByTestId("query-surface");
  if (await surface.count() > 0) return (await surface.inputValue()).trim();
  // The placeholder is inside the content element; the document is the lines' text without it.
  return await page.locator(".cm-content").evaluate((content) =>
    [...content.querySelectorAll(".cm-line")].map((line) => {
      const copy = line.cloneNode(true) as Element;
      copy.querySelectorAll(".cm-placeholder").forEach((node) => node.remove());
      return copy.textContent ?? "";
    }).join("\n").replace(/\u200b/g, "").trim()
  );
}
