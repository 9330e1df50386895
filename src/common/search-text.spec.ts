import { houseNumberOf, normalizeAddress, normalizeOwnerName, parcelKey } from './search-text';

describe('search text', () => {
  it('writes street suffixes and directions one way, so either spelling finds the other', () => {
    expect(normalizeAddress('123 North Main Street')).toBe('123 N MAIN ST');
    expect(normalizeAddress('123 N. Main St.')).toBe('123 N MAIN ST');
    expect(normalizeAddress('45 s.w. Oak Avenue, Apt #4')).toBe('45 SW OAK AVE APT 4');
    expect(normalizeAddress('9 Ocean Blvd')).toBe(normalizeAddress('9 OCEAN BOULEVARD'));
  });

  it('reads the house number a normalized address starts with, letter included, and none from a street alone', () => {
    expect(houseNumberOf('101 MAIN ST')).toBe('101');
    expect(houseNumberOf('12B OAK AVE APT 2')).toBe('12B');
    expect(houseNumberOf('MAIN ST 101')).toBeNull();
    expect(houseNumberOf('101')).toBeNull();
  });

  it('takes punctuation out of owner names and keeps their words', () => {
    expect(normalizeOwnerName('Smith, John & Mary')).toBe('SMITH JOHN AND MARY');
    expect(normalizeOwnerName("O'Neil Holdings, L.L.C.")).toBe('ONEIL HOLDINGS LLC');
    expect(normalizeOwnerName('  ')).toBeNull();
  });

  it('keys a parcel by FIPS and its number without separators, however the number is punctuated', () => {
    expect(parcelKey('10005', '134-12.00-45.01')).toBe('10005134120045' + '01');
    expect(parcelKey('10005', '134 12 00 45 01')).toBe(parcelKey('10005', '134-12.00-45.01'));
    expect(parcelKey('06037', 'ab-12')).toBe('06037AB12');
  });
});
