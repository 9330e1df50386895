import { centsToDecimal, decimalToCents } from './money';

describe('money', () => {
  it('writes cents as a two-decimal amount', () => {
    expect(centsToDecimal(120000)).toBe('1200.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-2550)).toBe('-25.50');
  });

  it('reads numeric(10,2) amounts back to exact cents', () => {
    expect(decimalToCents('1200.00')).toBe(120000);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('-25.50')).toBe(-2550);
    // 0.1 + 0.2 style drift cannot happen: the conversion never uses floats.
    expect(decimalToCents('4294967.29')).toBe(429496729);
  });

  it('refuses what is not money', () => {
    expect(() => decimalToCents('12.345')).toThrow(RangeError);
    expect(() => decimalToCents('abc')).toThrow(RangeError);
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});
