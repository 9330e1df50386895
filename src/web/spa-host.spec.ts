import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { spaHost } from './spa-host';

describe('serving a web app whose build changes while the store runs', () => {
  let dist: string;
  let app: express.Express;

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'cds-spa-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<html><head></head><body>store</body></html>');
    writeFileSync(join(dist, 'assets', 'entry-abc.js'), 'console.log("entry")');
    writeFileSync(join(dist, 'assets', 'entry-abc.js.br'), brotliCompressSync('console.log("entry")'));
    app = express().use(
      spaHost([{ name: 'web-store', basePath: '', distDir: dist, routes: ['/'] }], {
        supportPhone: '(555) 010-0142',
        supportEmail: 'support@localhost',
      }),
    );
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('answers the plain file, not a 500, when the compressed copy it knew of is gone', async () => {
    rmSync(join(dist, 'assets', 'entry-abc.js.br'));
    const res = await request(app).get('/assets/entry-abc.js').set('Accept-Encoding', 'br').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe('console.log("entry")');
  });

  it('answers 404, not a 500, for an asset a rebuild removed', async () => {
    rmSync(join(dist, 'assets', 'entry-abc.js.br'));
    rmSync(join(dist, 'assets', 'entry-abc.js'));
    const res = await request(app).get('/assets/entry-abc.js').set('Accept-Encoding', 'br').expect(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
