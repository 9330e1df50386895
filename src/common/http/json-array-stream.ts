import { StreamableFile } from '@nestjs/common';
import { Readable } from 'node:stream';

/**
 * A JSON array answered as it is read, batch by batch: the same text as the whole array answered at
 * once, without holding every row, or the whole text, in memory. The first batch is read before
 * answering, so a failure to start is answered as any other error; a later one can only cut the
 * answer short. A reader that goes away stops the reading.
 */
export async function jsonArrayStream<Row>(batches: AsyncIterable<Row[]>): Promise<StreamableFile> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* text(): AsyncGenerator<string> {
    yield '[';
    let separator = '';
    for (let batch = first; !batch.done; batch = await iterator.next()) {
      if (!batch.value.length) continue;
      yield separator + batch.value.map((row) => JSON.stringify(row)).join(',');
      separator = ',';
    }
    yield ']';
  }
  const stream = Readable.from(text(), { objectMode: false });
  // After the end, or when the answer is abandoned: lets the reading give back what it holds.
  stream.once('close', () => void iterator.return?.());
  return new StreamableFile(stream, { type: 'application/json; charset=utf-8' });
}
