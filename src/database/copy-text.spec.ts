import { copyRowBatches, copyText } from './copy-text';

describe('COPY text format', () => {
  it('reads back rows as written, escapes, nulls and characters cut between chunks included', async () => {
    const values = ['tab\there', 'line\nbreak', 'back\\slash', 'café'];
    const line = `${values.map(copyText).join('\t')}\t\\N\n`;
    const bytes = Buffer.from(line + line);
    const cut = bytes.indexOf(Buffer.from('é')) + 1; // inside the two bytes of é
    const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
    const rows: (string | null)[][] = [];
    for await (const batch of copyRowBatches(chunks)) rows.push(...batch);
    expect(rows).toEqual([
      [...values, null],
      [...values, null],
    ]);
  });
});
