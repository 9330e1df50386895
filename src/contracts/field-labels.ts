/** Words of the schema's field names that are written otherwise in a label: abbreviations as people write them. */
const WORDS: Record<string, string> = {
  fips: 'FIPS',
  id: 'ID',
  hoa: 'HOA',
  heloc: 'HELOC',
  irs: 'IRS',
  po: 'PO',
  sqft: 'sq ft',
  wkt: 'WKT',
  zip: 'ZIP',
  zip4: 'ZIP+4',
  owner2: 'owner 2',
};

/** A schema field's name as a person reads it: county_fips → County FIPS, site_zip4 → Site ZIP+4. */
export function fieldLabel(name: string): string {
  const label = name
    .split('_')
    .map((word) => WORDS[word] ?? word)
    .join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
