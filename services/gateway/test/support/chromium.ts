import { existsSync } from 'node:fs';
import { chromium, type Browser, type Locator } from 'playwright-core';

/** Debian's Chromium: playwright-core drives it; no browser is downloaded (none can be, here). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium, or an error that says how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install Debian's package with ` +
        '`apt-get update && apt-get install -y chromium` (.ci/run does), or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

/**
 * Waits until the element is visible and wholly inside the viewport: what a person sees without
 * scrolling. Polled in the page, since the reference scrolls to its target after it renders.
 */
export async function onFirstScreen(locator: Locator, timeout: number): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
  const element = await locator.elementHandle({ timeout });
  await locator.page().waitForFunction(
    (el) => {
      const box = el.getBoundingClientRect();
      const viewport = el.ownerDocument.documentElement; // its client box is the viewport, less scroll bars
      return box.top >= 0 && box.left >= 0 && box.bottom <= viewport.clientHeight && box.right <= viewport.clientWidth;
    },
    element,
    { timeout },
  );
}
