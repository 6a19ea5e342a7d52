// How the browser tests drive Debian's chromium through playwright-core:
// headless, with no sandbox (they run as root in CI), no GPU, and nothing
// that would reach the network on its own (updates, sync, QUIC); in a
// throw-away profile.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
export const args = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// The longest any wait of playwright's (an action, a selector, a function)
// may take: it only ends a hung test, so it is far above what a machine
// loaded on every core needs (an idle one shows the live page's first
// picture in 0.4 s; scripts/bench-web measures it).
export const WAIT = 120000;

/** A browser context with `options` (a viewport, downloads), whose waits last up to WAIT;
 * close() ends it and removes its profile. */
export async function launch(options) {
  const profile = mkdtempSync(join(tmpdir(), "cagec-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args, ...options });
  context.setDefaultTimeout(WAIT);
  const page = context.pages()[0] || (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Collects into `problems` every script error, console error or warning, and request that `own` refuses. */
export function watch(page, problems, own) {
  page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("request", (r) => {
    if (!own(r.url())) problems.push(`the page asked for ${r.url()}`);
  });
}
