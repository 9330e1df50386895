import { ageBand, monthsBetween, totalsLine, type CoverageCounty } from './coverage-ages';

const county = (currentRelease: string | null, generated = false): CoverageCounty => ({
  countyId: 'id',
  fips: '01001',
  name: 'Autauga',
  state: 'Alabama',
  currentRelease,
  records: currentRelease ? 10 : null,
  lastPublished: null,
  generated,
});

describe('coverage ages', () => {
  it('counts months across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toBe(3);
  });

  it('puts each county in its age band', () => {
    expect(ageBand(county(null), '2026-11')).toBe('none');
    expect(ageBand(county(null, true), '2026-11')).toBe('generated');
    expect(ageBand(county('2026-11'), '2026-11')).toBe('current');
    expect(ageBand(county('2026-08'), '2026-11')).toBe('recent');
    expect(ageBand(county('2026-07'), '2026-11')).toBe('older');
  });

  it('says how many counties have data and how many are older than 6 months', () => {
    const counties = [county('2026-11'), county('2026-01'), county(null)];
    expect(totalsLine(counties, '2026-11')).toBe('2 of 3 counties have data; 1 is older than 6 months');
  });

  it('says how many counties are sold with generated data, where some are', () => {
    const counties = [county('2026-11'), county(null, true), county(null, true)];
    expect(totalsLine(counties, '2026-11')).toBe(
      '1 of 3 counties have data; 0 are older than 6 months; 2 are sold with generated data',
    );
  });
});
