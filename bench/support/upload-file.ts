import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';

/** POSTs a file as the request body, streamed from disk, with a staff token; answers the status and JSON body. */
export function uploadFile(
  url: string,
  token: string,
  path: string,
  contentType: string,
): Promise<{ status: number; body: { id: string } }> {
  const size = statSync(path).size;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, 'Content-Length': size },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as { id: string },
          }),
        );
      },
    );
    req.on('error', reject);
    createReadStream(path).pipe(req);
  });
}
