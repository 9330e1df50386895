/**
 * What kind of change a change file's row is (its `change_types`): one of added or removed, or,
 * for a changed parcel, each kind its changed fields make it. A pipeline loading only new sales
 * or new owners filters on these instead of diffing 270 columns itself.
 */
export const CHANGE_TYPES = [
  'added',
  'removed',
  'owner_changed',
  'sale_recorded',
  'value_changed',
  'address_changed',
  'geometry_changed',
  'other_changed',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** The change file's columns before the record's own: the change, its types and the fields that changed. */
export const CHANGE_COLUMNS = ['change', 'change_types', 'changed_fields'] as const;

/** Multiple types or fields in one value, as CSV cells carry lists here. */
export const LIST_SEPARATOR = ';';

const OWNER_FIELDS = new Set([
  'owner_name',
  'owner_first_name',
  'owner_middle_name',
  'owner_last_name',
  'owner2_name',
  'owner2_first_name',
  'owner2_last_name',
]);
const VALUE_FIELDS = new Set([
  'assessed_total_value',
  'assessed_land_value',
  'assessed_improvement_value',
  'market_total_value',
  'market_land_value',
  'market_improvement_value',
  'taxable_value',
]);

/** The kind of change a changed field makes of its parcel. */
export function changeTypeOf(field: string): ChangeType {
  if (OWNER_FIELDS.has(field)) return 'owner_changed';
  // A new sale rewrites the last sale's date, price and document: any of them is a sale recorded.
  if (field.startsWith('last_sale_')) return 'sale_recorded';
  if (VALUE_FIELDS.has(field)) return 'value_changed';
  if (field.startsWith('site_')) return 'address_changed';
  if (field === 'geometry_wkt') return 'geometry_changed';
  return 'other_changed';
}
