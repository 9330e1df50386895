import type { QaRow } from './api';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * A county file's boundaries in a line staff can read: what is wrong first, nothing for a count
 * of zero; a file without geometry_wkt is sold with points, and says so.
 */
export function shapeChecksText(checks: QaRow['shapeChecks']): string {
  if (!checks) return 'Points only: the file has no geometry_wkt';
  const parts = [`${n(checks.shapes)} valid`];
  if (checks.invalid > 0) parts.push(`${n(checks.invalid)} invalid (${n(checks.repaired ?? 0)} repaired)`);
  if (checks.missing > 0) parts.push(`${n(checks.missing)} missing`);
  if (checks.noArea > 0) parts.push(`${n(checks.noArea)} of no area`);
  if (checks.outsideCounty > 0) parts.push(`${n(checks.outsideCounty)} outside the county`);
  if (checks.largerThanCounty > 0) parts.push(`${n(checks.largerThanCounty)} larger than the county`);
  if (checks.duplicated) parts.push(`${n(checks.duplicated)} duplicated`);
  return parts.join(', ');
}
