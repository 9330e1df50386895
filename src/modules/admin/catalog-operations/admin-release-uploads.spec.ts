import type { IncomingMessage } from 'node:http';
import { uploadIdOf } from './admin-release-uploads.service';

const id = 'a'.repeat(32);
const named = (url: string, originalUrl?: string) => uploadIdOf({ url, originalUrl } as unknown as IncomingMessage);

describe('uploadIdOf', () => {
  it('reads the id from the last segment of the path under the uploads path', () => {
    expect(named(`/api/admin/uploads/${id}`)).toBe(id);
    expect(named(`/uploads/${id}`, `/api/admin/uploads/${id}`)).toBe(id);
  });

  it('ignores the query string, which the tus library read the id from', () => {
    expect(named(`/api/admin/uploads/${id}?x/..%2Fvictim.txt`)).toBe(id);
    expect(named('/api/admin/uploads?x/..%2Fvictim.txt')).toBeUndefined();
  });

  it('names nothing but the ids the server issues', () => {
    for (const url of [
      '/api/admin/uploads',
      '/api/admin/uploads/',
      `/api/admin/uploads//${id}`,
      `/api/admin/uploads/${id}/`,
      `/api/admin/uploads/${id.toUpperCase()}`,
      `/api/admin/uploads/${id.slice(1)}`,
      '/api/admin/uploads/..%2F..%2Fpackage.json',
      `/api/admin/uploads/%61${id.slice(1)}`,
      `/api/other/${id}`,
    ]) {
      expect({ url, id: named(url) }).toEqual({ url, id: undefined });
    }
  });
});
