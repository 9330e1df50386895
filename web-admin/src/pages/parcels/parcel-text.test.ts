import { matchText, valueText } from './parcel-text';

describe('how the parcel page words a match and a value', () => {
  it('gives a search’s score, a radius’s distance, or what the point found', () => {
    expect(matchText({ kind: 'address', score: 0.9234 })).toBe('score 0.92');
    expect(matchText({ kind: 'nearest', distance_m: 4.3 })).toBe('4.3 m away');
    expect(matchText({ kind: 'point' })).toBe('contains the point');
    expect(matchText(undefined)).toBe('—');
  });

  it('writes money in dollars, flags as yes or no, and an empty value as a dash', () => {
    expect(valueText(4000, 'money')).toBe('$4,000.00');
    expect(valueText(1998, 'integer')).toBe('1998');
    expect(valueText(false, 'boolean')).toBe('No');
    expect(valueText(null, 'text')).toBe('—');
  });
});
