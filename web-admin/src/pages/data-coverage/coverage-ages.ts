import type { components } from '@web-shared/api-types';

export type CoverageCounty = components['schemas']['CoverageCountyDto'];

/**
 * How old a county's current release is, in the bands the coverage page colours; outside production
 * a county without one is sold with generated data, a band of its own so staff never take it for data.
 */
export type AgeBand = 'none' | 'generated' | 'current' | 'recent' | 'older';

/**
 * Each band's map fill (`colour`) and the colour of its tags' text (`text`): a tag draws its text in
 * the colour it is given, on a pale tint of it, so the fills' lighter shades (the grey, the amber)
 * would be unreadable there. The text colours are the same hues, dark enough for 4.5:1 on their tint.
 */
export const AGE_BANDS: { band: AgeBand; label: string; colour: string; text: string }[] = [
  { band: 'none', label: 'No data', colour: '#d9d9d9', text: '#595959' },
  { band: 'generated', label: 'Generated data', colour: '#91caff', text: '#003eb3' },
  { band: 'current', label: 'This month', colour: '#389e0d', text: '#237804' },
  { band: 'recent', label: '1–3 months', colour: '#faad14', text: '#874d00' },
  { band: 'older', label: 'Older', colour: '#cf1322', text: '#a8071a' },
];

/** Whole months from release (YYYY-MM) to month (YYYY-MM). */
export function monthsBetween(release: string, month: string): number {
  const [ry, rm] = release.split('-').map(Number);
  const [my, mm] = month.split('-').map(Number);
  return (my - ry) * 12 + (mm - rm);
}

export function ageBand(county: Pick<CoverageCounty, 'currentRelease' | 'generated'>, month: string): AgeBand {
  const release = county.currentRelease;
  if (!release) return county.generated ? 'generated' : 'none';
  const age = monthsBetween(release, month);
  if (age <= 0) return 'current';
  return age <= 3 ? 'recent' : 'older';
}

/**
 * The totals line: "2,984 of 3,231 counties have data; 312 are older than 6 months", and outside
 * production how many are sold with generated data instead.
 */
export function totalsLine(counties: readonly CoverageCounty[], month: string): string {
  const withData = counties.filter((c) => c.currentRelease);
  const stale = withData.filter((c) => monthsBetween(c.currentRelease!, month) > 6).length;
  const generated = counties.filter((c) => c.generated).length;
  const n = (v: number) => v.toLocaleString('en-US');
  const line = `${n(withData.length)} of ${n(counties.length)} counties have data; ${n(stale)} ${stale === 1 ? 'is' : 'are'} older than 6 months`;
  return generated ? `${line}; ${n(generated)} ${generated === 1 ? 'is' : 'are'} sold with generated data` : line;
}
