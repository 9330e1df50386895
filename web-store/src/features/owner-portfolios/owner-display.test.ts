import { HttpError } from '@/lib/http';
import { elsewhereText, holdingsText, ownerProblem } from './owner-display';

describe('what an owner holds', () => {
  it('says what the owner holds elsewhere, in the plural or singular, and nothing when it holds nothing there', () => {
    expect(elsewhereText({ parcels: 12, counties: 3 })).toBe("Also holds 12 parcels in 3 counties you don't have");
    expect(elsewhereText({ parcels: 1, counties: 1 })).toBe("Also holds 1 parcel in 1 county you don't have");
    expect(elsewhereText({ parcels: 1200, counties: 2 })).toBe("Also holds 1,200 parcels in 2 counties you don't have");
    expect(elsewhereText({ parcels: 0, counties: 0 })).toBeNull();
  });

  it('counts the parcels in the customer’s own counties', () => {
    expect(holdingsText(2, 1)).toBe('2 parcels in 1 of your counties');
    expect(holdingsText(1, 1)).toBe('1 parcel in 1 of your counties');
    expect(holdingsText(30, 4)).toBe('30 parcels in 4 of your counties');
  });
});

describe('why an owner lookup failed', () => {
  const refused = (status: number, message: string | null) => new HttpError(status, `${status}: x`, message);

  it('tells a customer without County Tracker apart from an owner not found and a lost session', () => {
    expect(ownerProblem(refused(403, 'Parcel lookups come with County Tracker'), 'x')).toEqual({ kind: 'no-tracker' });
    expect(ownerProblem(refused(404, 'Not found'), 'x')).toEqual({ kind: 'not-found' });
    expect(ownerProblem(refused(401, 'Unauthorized'), 'x')).toEqual({ kind: 'signed-out' });
  });

  it('shows a refused question in the API’s words, anything else in the page’s', () => {
    expect(ownerProblem(refused(400, 'name must be at least 3 characters'), 'x')).toEqual({
      kind: 'refused',
      message: 'name must be at least 3 characters',
    });
    expect(ownerProblem(refused(500, null), 'The search failed.')).toEqual({
      kind: 'failed',
      message: 'The search failed.',
    });
    expect(ownerProblem(new TypeError('Failed to fetch'), 'The search failed.')).toEqual({
      kind: 'failed',
      message: 'The search failed.',
    });
  });
});
