import { DATA_FIELDS } from './data-schema';
import { CHANGE_TYPES, changeTypeOf } from './change-types';

describe('The kind of change a changed field makes', () => {
  it('names owners, sales, values, addresses and boundaries, and everything else as other', () => {
    expect(changeTypeOf('owner_name')).toBe('owner_changed');
    expect(changeTypeOf('owner2_last_name')).toBe('owner_changed');
    expect(changeTypeOf('last_sale_price')).toBe('sale_recorded');
    expect(changeTypeOf('last_sale_date')).toBe('sale_recorded');
    expect(changeTypeOf('assessed_total_value')).toBe('value_changed');
    expect(changeTypeOf('market_land_value')).toBe('value_changed');
    expect(changeTypeOf('site_address')).toBe('address_changed');
    expect(changeTypeOf('site_zip')).toBe('address_changed');
    expect(changeTypeOf('geometry_wkt')).toBe('geometry_changed');
    expect(changeTypeOf('mail_address')).toBe('other_changed');
    expect(changeTypeOf('year_built')).toBe('other_changed');
  });

  it('gives every field of the schema a kind other than added or removed, each named kind having fields', () => {
    const kinds = new Set(DATA_FIELDS.map((field) => changeTypeOf(field.name)));
    expect(kinds.has('added') || kinds.has('removed')).toBe(false);
    expect([...kinds].sort()).toEqual(CHANGE_TYPES.filter((type) => type !== 'added' && type !== 'removed').sort());
  });
});
