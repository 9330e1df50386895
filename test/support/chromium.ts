import { Browser, chromium } from 'playwright-core';

// One way to start Chromium for the browser tests and the bench: Debian's (playwright cannot
// download a browser on these machines), with the same flags. No test-runner globals here: the
// bench imports this file.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
