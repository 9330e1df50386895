/**
 * "Doña Ana", "NM" → "dona-ana-nm": a file name part in plain ASCII. Accents are dropped rather
 * than the letters that carry them, so a name stays readable.
 */
export function slug(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * "Doña Ana", "NM" → "dona-ana-nm": how a county's files are named, its download and its sample
 * alike. A name with nothing to keep still gives a name.
 */
export function countyFileStem(countyName: string, stateCode: string): string {
  return `${slug(countyName) || 'county'}-${slug(stateCode)}`;
}
