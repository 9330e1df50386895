import { fieldLabel } from './field-labels';

describe('field labels', () => {
  it('reads a field name as words, its abbreviations as people write them', () => {
    expect(fieldLabel('owner_name')).toBe('Owner name');
    expect(fieldLabel('county_fips')).toBe('County FIPS');
    expect(fieldLabel('parcel_id')).toBe('Parcel ID');
    expect(fieldLabel('site_zip4')).toBe('Site ZIP+4');
    expect(fieldLabel('hoa_fee')).toBe('HOA fee');
    expect(fieldLabel('living_area_sqft')).toBe('Living area sq ft');
    expect(fieldLabel('owner2_name')).toBe('Owner 2 name');
    expect(fieldLabel('po_box')).toBe('PO box');
  });
});
