import {
  countyPayload,
  formError,
  formValuesOf,
  nameError,
  populationError,
  stateCodeError,
  stateError,
  type CountyFormValues,
} from './county-form';

const valid: CountyFormValues = { name: 'Harris', state: 'Texas', stateCode: 'TX', population: '4731145' };

describe('the Edit County form values', () => {
  it('start from the county, an unknown population as an empty field', () => {
    expect(formValuesOf({ name: 'Harris', state: 'Texas', stateCode: 'TX', population: 4731145 })).toEqual(valid);
    expect(formValuesOf({ name: 'Loving', state: 'Texas', stateCode: 'TX', population: null }).population).toBe('');
  });
});

describe('county edit validation (docs/store-spec.md §5)', () => {
  it('requires the county name and the state', () => {
    expect(nameError('')).toBe('County name is required');
    expect(nameError('   ')).toBe('County name is required');
    expect(nameError(undefined)).toBe('County name is required');
    expect(stateError('')).toBe('State is required');
    expect(nameError('Harris')).toBeNull();
    expect(stateError('Texas')).toBeNull();
  });

  it('refuses a name or state longer than the server keeps', () => {
    expect(nameError('x'.repeat(101))).toBe('County name must be at most 100 characters');
    expect(stateError('x'.repeat(101))).toBe('State must be at most 100 characters');
    expect(nameError('x'.repeat(100))).toBeNull();
  });

  it('wants a state code of exactly 2 letters, in either case', () => {
    expect(stateCodeError('TX')).toBeNull();
    expect(stateCodeError('tx')).toBeNull();
    expect(stateCodeError(' md ')).toBeNull();
    for (const bad of ['TXX', 'T', '', undefined, 'T1', '12'])
      expect(stateCodeError(bad)).toBe('State code must be exactly 2 letters');
  });

  it('takes an empty population or digits only', () => {
    expect(populationError('')).toBeNull();
    expect(populationError('  ')).toBeNull();
    expect(populationError(undefined)).toBeNull();
    expect(populationError('0')).toBeNull();
    expect(populationError('2147483647')).toBeNull();
    for (const bad of ['-5', '1.5', '1,234', '12a', '1e6'])
      expect(populationError(bad)).toBe('Population must be a whole number or empty');
    expect(populationError('2147483648')).toBe('Population is too large');
  });

  it('reports the first problem of the whole form, or none', () => {
    expect(formError(valid)).toBeNull();
    expect(formError({ ...valid, stateCode: 'TXX' })).toBe('State code must be exactly 2 letters');
    expect(formError({ ...valid, name: '', population: 'x' })).toBe('County name is required');
  });
});

describe('the PUT body', () => {
  it('trims text, upper-cases the state code and sends population as an integer', () => {
    expect(
      countyPayload({ name: ' Harris County ', state: ' Texas', stateCode: 'tx ', population: ' 4731146 ' }),
    ).toEqual({ name: 'Harris County', state: 'Texas', stateCode: 'TX', population: 4731146 });
  });

  it('sends null for an empty population', () => {
    expect(countyPayload({ ...valid, population: '' }).population).toBeNull();
    expect(countyPayload({ ...valid, population: '   ' }).population).toBeNull();
  });

  it('keeps leading zeros out of the number', () => {
    expect(countyPayload({ ...valid, population: '007' }).population).toBe(7);
  });
});
