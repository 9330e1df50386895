import { mapStartQuery, MAX_SELECTION, selectParcels, startMapStart, type ParcelFeature } from './parcel-map';

const BOX: [number, number, number, number] = [-76.62, 39.28, -76.61, 39.29];

const parcel = (n: number): ParcelFeature => ({
  type: 'Feature',
  id: `24510${n}`,
  geometry: { type: 'Point', coordinates: [-76.615, 39.285] },
  properties: { parcel_key: `24510${n}` },
});

/** The API's answers to a selection, a page each call: `sizes` parcels a page, a next cursor while pages remain. */
function stubPages(sizes: number[]): string[] {
  const asked: string[] = [];
  let first = 0;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push(url);
    const index = asked.length - 1;
    const features = Array.from({ length: sizes[index] }, (_, i) => parcel(first + i));
    first += sizes[index];
    const next = index + 1 < sizes.length ? `page-${index + 1}` : null;
    return new Response(JSON.stringify({ type: 'FeatureCollection', features, next }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
}

afterEach(() => jest.restoreAllMocks());

describe('selecting the parcels of a box', () => {
  it('reads page after page by cursor until the box has no more, and calls that complete', async () => {
    const asked = stubPages([1000, 1000, 30]);
    const progress: number[] = [];
    const { features, complete } = await selectParcels(BOX, (n) => progress.push(n), new AbortController().signal);
    expect(features).toHaveLength(2030);
    expect(complete).toBe(true);
    expect(progress).toEqual([1000, 2000, 2030]);
    expect(new URL(asked[0], 'http://store').searchParams.get('cursor')).toBeNull();
    expect(new URL(asked[2], 'http://store').searchParams.get('cursor')).toBe('page-2');
  });

  it('stops at 10,000 parcels in the middle of a page, and says the selection is not complete', async () => {
    // Pages larger than asked: the 10,000th parcel falls inside the seventh.
    const asked = stubPages([1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500]);
    const { features, complete } = await selectParcels(BOX, () => undefined, new AbortController().signal);
    expect(features).toHaveLength(MAX_SELECTION);
    expect(features[MAX_SELECTION - 1].id).toBe(`24510${MAX_SELECTION - 1}`);
    expect(complete).toBe(false);
    expect(asked).toHaveLength(7);
  });

  it('is not complete when the last page is cut, though it has no next page', async () => {
    stubPages([9000, 1500]);
    const { features, complete } = await selectParcels(BOX, () => undefined, new AbortController().signal);
    expect(features).toHaveLength(MAX_SELECTION);
    expect(complete).toBe(false);
  });

  it('is complete when the box holds exactly 10,000 parcels', async () => {
    stubPages([5000, 5000]);
    const { features, complete } = await selectParcels(BOX, () => undefined, new AbortController().signal);
    expect(features).toHaveLength(MAX_SELECTION);
    expect(complete).toBe(true);
  });

  it('stops when a newer selection replaces it', async () => {
    const asked = stubPages([1000, 1000, 1000]);
    const controller = new AbortController();
    const progress: number[] = [];
    const running = selectParcels(
      BOX,
      (n) => {
        progress.push(n);
        controller.abort();
      },
      controller.signal,
    );
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([1000]);
    expect(asked).toHaveLength(2);
  });
});

describe('the map’s start (the customer’s counties)', () => {
  it('is asked for as the page’s code loads, and the page’s first query takes that answer; later ones ask again', async () => {
    let asked = 0;
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      asked += 1;
      return new Response(JSON.stringify({ counties: [], answer: asked }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    startMapStart();
    startMapStart();
    expect(asked).toBe(1);
    expect(await mapStartQuery.queryFn()).toMatchObject({ answer: 1 });
    expect(asked).toBe(1);
    expect(await mapStartQuery.queryFn()).toMatchObject({ answer: 2 });
  });
});
