import { gzipSync } from 'node:zlib';

// One way to start Chromium for the browser tests and the bench: Debian's, with the same flags.
export { CHROMIUM_PATH, launchBrowser as launchChromium } from '../../test/support/browser';

/** What a file costs over the wire at best: its size under gzip -9. */
export const gzippedSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
