import { DATA_FIELDS } from '../data-schema';
import { outputFields } from './normalized-csv';
import { DBF_NAME_LENGTH, shapefileFieldsCsv, shapefileNames } from './shapefile-fields';

/** Every schema field is a .dbf column but the boundary, which is the Shapefile's geometry. */
const ATTRIBUTES = DATA_FIELDS.filter((field) => field.type !== 'geometry');

describe('Shapefile field names', () => {
  it('gives every field of both kinds a unique name of at most 10 characters, letter case ignored', () => {
    for (const kind of ['full', 'changes'] as const) {
      const names = [...shapefileNames(outputFields(kind)).values()];
      expect(names).toHaveLength(ATTRIBUTES.length + (kind === 'changes' ? 3 : 0));
      expect(names.every((name) => name.length >= 1 && name.length <= DBF_NAME_LENGTH)).toBe(true);
      expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
    }
  });

  it('keeps short names and shortens long ones the same way every time', () => {
    const names = shapefileNames(outputFields('full'));
    expect(names.get('parcel_id')).toBe('parcel_id');
    expect(names.get('latitude')).toBe('latitude');
    expect(names.get('longitude')).toBe('longitude');
    expect(shapefileNames(outputFields('full'))).toEqual(names);
  });

  it('lists the mapping as CSV: full name, Shapefile name and type', () => {
    const lines = shapefileFieldsCsv('full').trim().split('\n');
    expect(lines[0]).toBe('field,shapefile_field,type');
    expect(lines[1]).toBe('parcel_id,parcel_id,text');
    expect(lines).toHaveLength(ATTRIBUTES.length + 1);
  });
});
