import { boundaryArea, boundingBox, containsPoint, countyBoundary } from './county-boundaries';

const SUSSEX_DE = '10005';

describe('county boundaries', () => {
  it('places Georgetown inside Sussex County, Delaware, and a point in Montana outside it', () => {
    const sussex = countyBoundary(SUSSEX_DE)!;
    expect(containsPoint(sussex, -75.4, 38.7)).toBe(true);
    expect(containsPoint(sussex, -108.57, 48.87)).toBe(false);
    // Across the county line, in Kent County.
    expect(containsPoint(sussex, -75.52, 39.16)).toBe(false);
  });

  it("measures Sussex County's land area as the Census does (2,424 km²), within 10 %", () => {
    const km2 = boundaryArea(countyBoundary(SUSSEX_DE)!) / 1e6;
    expect(km2).toBeGreaterThan(2424 * 0.9);
    expect(km2).toBeLessThan(2424 * 1.1);
  });

  it('leaves an independent city out of the county around it (Fairfax city in Fairfax County)', () => {
    const fairfaxCity = [-77.306, 38.853] as const;
    expect(containsPoint(countyBoundary('51600')!, ...fairfaxCity)).toBe(true);
    expect(containsPoint(countyBoundary('51059')!, ...fairfaxCity)).toBe(false);
    expect(containsPoint(countyBoundary('51059')!, -77.2, 38.75)).toBe(true);
  });

  it("keeps every island of a county that has several (Hawaii's Maui County)", () => {
    const maui = countyBoundary('15009')!;
    expect(maui.coordinates.length).toBeGreaterThanOrEqual(3);
    expect(containsPoint(maui, -156.33, 20.8)).toBe(true); // Maui
    expect(containsPoint(maui, -156.93, 20.83)).toBe(true); // Lanai
  });

  it('bounds Sussex County by its box', () => {
    const box = boundingBox(countyBoundary(SUSSEX_DE)!);
    expect(box.west).toBeCloseTo(-75.75, 1);
    expect(box.east).toBeCloseTo(-75.05, 1);
    expect(box.south).toBeCloseTo(38.45, 1);
    expect(box.north).toBeCloseTo(38.96, 1);
  });

  it('gives a county too small for the drawing (Falls Church, Virginia) a square of its size', () => {
    const fallsChurch = countyBoundary('51610')!;
    expect(containsPoint(fallsChurch, -77.16, 38.885)).toBe(true);
    expect(boundaryArea(fallsChurch) / 1e6).toBeCloseTo(5.3, 0);
  });

  it('answers null for a code the Census does not draw', () => {
    expect(countyBoundary('99999')).toBeNull();
  });
});
