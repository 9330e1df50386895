import type { CoveredEdges } from '@web-shared/parcel-map';
import { coveredEdges } from './covered-edges';

const map = { top: 100, right: 390, bottom: 844, left: 0 };
/** Covered edges: the ones given, the others nothing. */
const edges = (covered: Partial<CoveredEdges>): CoveredEdges => ({ top: 0, right: 0, bottom: 0, left: 0, ...covered });

describe('what a details panel hides of the map', () => {
  it('hides the bottom under a sheet across the whole width (a phone)', () => {
    expect(coveredEdges(map, { top: 500, right: 390, bottom: 844, left: 0 })).toEqual(edges({ bottom: 344 }));
  });

  it('hides the left or the right side under a panel beside that edge', () => {
    const wide = { top: 0, right: 1280, bottom: 900, left: 352 };
    expect(coveredEdges(wide, { top: 16, right: 720, bottom: 884, left: 368 })).toEqual(edges({ left: 368 }));
    expect(coveredEdges(wide, { top: 16, right: 1264, bottom: 884, left: 900 })).toEqual(edges({ right: 380 }));
  });

  it('hides nothing when the panel is off the map', () => {
    expect(coveredEdges(map, { top: 0, right: 390, bottom: 90, left: 0 })).toEqual(edges({}));
  });
});
