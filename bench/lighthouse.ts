/**
 * Lighthouse's performance category for one page (Lighthouse 12 from npm, pinned, against Debian's
 * Chromium), signed in through a cookie header. Returns null when Lighthouse cannot run here.
 */

export const LIGHTHOUSE_VERSION = "12.8.2";

export interface LighthouseResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

/**
 * `preset` "mobile" is Lighthouse's default (simulated slow 4G, 4× CPU slowdown); "desktop" its desktop preset.
 * `reportPath`, when given, keeps Lighthouse's whole JSON report there (its audits say what the figures came from),
 * and its trace beside it (`…-0.trace.json`: the observed load that the simulation starts from).
 */
export async function runLighthouse(
  url: string,
  cookie: string | null,
  preset: "mobile" | "desktop",
  reportPath?: string,
): Promise<LighthouseResult | null> {
  const args = [
    "--yes",
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    "--quiet",
    "--output=json",
    "--only-categories=performance",
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(preset === "desktop" ? ["--preset=desktop"] : []),
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ...(reportPath ? [`--output-path=${reportPath}`, "--save-assets"] : []),
  ];
  const output = await new Deno.Command("npx", {
    args,
    env: { CHROME_PATH: "/usr/bin/chromium" },
    stdout: "piped",
    stderr: "null",
  }).output();
  try {
    const report = JSON.parse(reportPath ? await Deno.readTextFile(reportPath) : new TextDecoder().decode(output.stdout));
    const audit = (id: string) => Number(report.audits[id].numericValue);
    return {
      score: report.categories.performance.score,
      fcpMs: audit("first-contentful-paint"),
      lcpMs: audit("largest-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      speedIndexMs: audit("speed-index"),
    };
  } catch {
    return null;
  }
}
