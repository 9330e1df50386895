import { gzipSync } from 'node:zlib';

export { CHROMIUM_PATH, launchBrowser as launchChromium } from '../../test/support/chromium';

/** What a file costs over the wire at best: its size under gzip -9. */
export const gzippedSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
