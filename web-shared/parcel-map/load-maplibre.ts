import * as maplibre from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

/*
 * MapLibre GL JS comes with the chunks that show a map (the store's map page and the county
 * preview, the console's parcel page), never with a first page: a megabyte and a half. Imported
 * here statically, it is part of those chunks, so the server links it from a map page's HTML and
 * the browser fetches it beside the entry. The worker is served from the app's own assets (same
 * origin), so the pages' Content-Security-Policy needs no blob: workers.
 */
maplibre.setWorkerUrl(workerUrl);

let warmed = false;

/** MapLibre, its workers started (once) so that they are ready when the first tiles arrive. */
export function loadMapLibre(): Promise<typeof maplibre> {
  if (!warmed) {
    warmed = true;
    maplibre.prewarm();
  }
  return Promise.resolve(maplibre);
}
