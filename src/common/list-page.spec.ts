import { containing, pageWindow } from './list-page';

describe('reading a page of a sorted list', () => {
  it('reads a page in the first half forwards, skipping the rows before it', () => {
    expect(pageWindow(100_000, { offset: 0, limit: 20 })).toEqual({ offset: 0, limit: 20, reversed: false });
    expect(pageWindow(100_000, { offset: 49_980, limit: 20 })).toEqual({ offset: 49_980, limit: 20, reversed: false });
  });

  it('reads a page past the middle backwards from the far end, so no page skips more than half the list', () => {
    expect(pageWindow(100_000, { offset: 50_000, limit: 20 })).toEqual({ offset: 49_980, limit: 20, reversed: true });
    expect(pageWindow(100_000, { offset: 99_980, limit: 20 })).toEqual({ offset: 0, limit: 20, reversed: true });
  });

  it('reads only the rows a short last page has, and none past the end', () => {
    expect(pageWindow(45, { offset: 40, limit: 20 })).toEqual({ offset: 0, limit: 5, reversed: true });
    expect(pageWindow(45, { offset: 60, limit: 20 }).limit).toBe(0);
    expect(pageWindow(0, { offset: 0, limit: 20 }).limit).toBe(0);
  });
});

describe('searching text with LIKE', () => {
  it('finds the text anywhere, its wildcards and backslashes taken literally', () => {
    expect(containing('harris')).toBe('%harris%');
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
