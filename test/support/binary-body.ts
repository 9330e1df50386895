import type request from 'supertest';

/** A supertest parser that keeps a binary answer's bytes as one Buffer. */
export function binaryBody(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
