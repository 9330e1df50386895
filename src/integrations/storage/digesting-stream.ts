import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through that sizes and hashes what goes into storage, for the county file's record. */
export interface DigestingStream {
  stream: Transform;
  /** Size and SHA-256 of everything that passed; once the stream has ended. */
  digest(): { bytes: number; sha256: string };
}

export function digestingStream(): DigestingStream {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ bytes, sha256: hash.digest('hex') }) };
}
