// pdf-parse's entry point runs a self-test when loaded directly; its library file does not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (
  data: Uint8Array,
) => Promise<{ text: string; numpages: number }>;

/**
 * A PDF's text (one line per line of the page) and its page count. It reads a copy of the bytes:
 * the PDF reader reads a small Buffer's whole memory pool, not just the Buffer.
 */
export function readPdf(bytes: Buffer): Promise<{ text: string; numpages: number }> {
  return pdfParse(new Uint8Array(bytes));
}
