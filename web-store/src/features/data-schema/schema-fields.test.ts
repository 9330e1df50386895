import { categoryId, fieldCountLabel, filterFields, groupByCategory, isFiltering } from './schema-fields';

const fields = [
  { name: 'parcel_id', category: 'Parcel and location', description: 'Assessor parcel number (APN)' },
  {
    name: 'geometry_wkt',
    category: 'Parcel and location',
    description: 'Parcel boundary, a Polygon or MultiPolygon in WGS 84',
  },
  { name: 'owner_name', category: 'Ownership', description: 'Name of the first owner as recorded' },
  { name: 'owner2_name', category: 'Ownership', description: 'Name of the second owner' },
  { name: 'mail_city', category: 'Owner mailing address', description: 'City of the owner’s mailing address' },
  { name: 'latitude', category: 'Parcel and location', description: 'Centroid latitude, WGS 84' },
];
const names = (list: { name: string }[]) => list.map((f) => f.name);

describe('filtering the fields', () => {
  it('keeps every field, in order, while the box is empty or holds only spaces', () => {
    expect(names(filterFields(fields, ''))).toEqual(names(fields));
    expect(names(filterFields(fields, '   '))).toEqual(names(fields));
  });

  it('finds a field by its exact name', () => {
    expect(names(filterFields(fields, 'geometry_wkt'))).toEqual(['geometry_wkt']);
  });

  it('finds a field by a word of its description, in any case', () => {
    expect(names(filterFields(fields, 'BOUNDARY'))).toEqual(['geometry_wkt']);
    expect(names(filterFields(fields, 'wgs 84'))).toEqual(['geometry_wkt', 'latitude']);
  });

  it('needs every word typed, each anywhere in the name or the description', () => {
    expect(names(filterFields(fields, 'owner name'))).toEqual(['owner_name', 'owner2_name']);
    expect(names(filterFields(fields, 'second owner'))).toEqual(['owner2_name']);
    expect(names(filterFields(fields, '  mailing   city '))).toEqual(['mail_city']);
  });

  it('finds nothing for a word no field has', () => {
    expect(filterFields(fields, 'owner swimming_pool')).toEqual([]);
  });
});

describe('grouping the fields by category', () => {
  it('keeps the categories in the order of their first field and each one’s fields in file order', () => {
    const groups = groupByCategory(fields);
    expect(groups.map((g) => g.category)).toEqual(['Parcel and location', 'Ownership', 'Owner mailing address']);
    expect(groups.map((g) => names(g.fields))).toEqual([
      ['parcel_id', 'geometry_wkt', 'latitude'],
      ['owner_name', 'owner2_name'],
      ['mail_city'],
    ]);
  });

  it('leaves out categories without a field, so a filter shows only the sections that match', () => {
    expect(groupByCategory(filterFields(fields, 'second')).map((g) => g.category)).toEqual(['Ownership']);
    expect(groupByCategory([])).toEqual([]);
  });

  it('gives each category a section id safe in a URL fragment', () => {
    expect(groupByCategory(fields).map((g) => g.id)).toEqual([
      'category-parcel-and-location',
      'category-ownership',
      'category-owner-mailing-address',
    ]);
    expect(categoryId('Sales & transactions (recorded)')).toBe('category-sales-transactions-recorded');
  });
});

describe('the count the filter announces', () => {
  it('counts every field while nothing is typed', () => {
    expect(fieldCountLabel('', 272, 272)).toBe('272 fields');
    expect(fieldCountLabel('  ', 272, 272)).toBe('272 fields');
    expect(fieldCountLabel('', 1, 1)).toBe('1 field');
    expect(fieldCountLabel('', 1272, 1272)).toBe('1,272 fields');
  });

  it('says how many match once something is typed, even when all do', () => {
    expect(fieldCountLabel('owner', 3, 272)).toBe('3 fields match');
    expect(fieldCountLabel('boundary', 1, 272)).toBe('1 field matches');
    expect(fieldCountLabel('e', 272, 272)).toBe('272 fields match');
    expect(fieldCountLabel('nothing', 0, 272)).toBe('No fields match');
  });

  it('knows a box of spaces for empty', () => {
    expect(isFiltering(' \t ')).toBe(false);
    expect(isFiltering(' a ')).toBe(true);
  });
});
