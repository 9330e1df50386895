import { shapeChecksText } from './shape-checks';

const none = { shapes: 0, missing: 0, invalid: 0, repaired: 0, noArea: 0, outsideCounty: 0, largerThanCounty: 0 };

describe("A county file's boundaries on the QA row", () => {
  it('says a file without geometry_wkt is delivered as points', () => {
    expect(shapeChecksText(null)).toBe('Points only: the file has no geometry_wkt');
  });

  it('names only the counts that are not zero, the repaired among the invalid', () => {
    expect(shapeChecksText({ ...none, shapes: 238000 })).toBe('238,000 valid');
    expect(
      shapeChecksText({
        shapes: 237500,
        missing: 400,
        invalid: 90,
        repaired: 85,
        noArea: 10,
        outsideCounty: 3,
        largerThanCounty: 1,
        duplicated: 24,
      }),
    ).toBe(
      '237,500 valid, 90 invalid (85 repaired), 400 missing, 10 of no area, 3 outside the county, 1 larger than the county, 24 duplicated',
    );
  });
});
