import type { components } from '@web-shared/api-types';

/** What the Edit County form holds: text as typed, population included (empty when unknown). */
export interface CountyFormValues {
  name: string;
  state: string;
  stateCode: string;
  population: string;
}

/** The body of PUT /api/admin/counties/{id} (docs/store-spec.md §7). */
export type CountyPayload = components['schemas']['UpdateCountyDto'];

// The database column is a 32-bit integer; the server refuses anything larger.
export const MAX_POPULATION = 2_147_483_647;
export const MAX_TEXT = 100;

/** The form's first values: the county as it is now. */
export function formValuesOf(county: CountyPayload): CountyFormValues {
  return {
    name: county.name,
    state: county.state,
    stateCode: county.stateCode,
    population: county.population == null ? '' : String(county.population),
  };
}

// Each check answers the message to show, or null when the value is fine. The messages are the server's own,
// so staff read the same words whichever side refuses.

export function nameError(value: string | undefined): string | null {
  const name = (value ?? '').trim();
  if (!name) return 'County name is required';
  if (name.length > MAX_TEXT) return `County name must be at most ${MAX_TEXT} characters`;
  return null;
}

export function stateError(value: string | undefined): string | null {
  const state = (value ?? '').trim();
  if (!state) return 'State is required';
  if (state.length > MAX_TEXT) return `State must be at most ${MAX_TEXT} characters`;
  return null;
}

/** docs/store-spec.md §5: the state code is 2 characters; the server also wants letters (it stores them upper-case). */
export function stateCodeError(value: string | undefined): string | null {
  return /^[A-Za-z]{2}$/.test((value ?? '').trim()) ? null : 'State code must be exactly 2 letters';
}

/** docs/store-spec.md §5: population is optional; when given, a whole number written with digits only. */
export function populationError(value: string | undefined): string | null {
  const population = (value ?? '').trim();
  if (!population) return null;
  if (!/^\d+$/.test(population)) return 'Population must be a whole number or empty';
  if (Number(population) > MAX_POPULATION) return 'Population is too large';
  return null;
}

/** The first problem with the form, or null when it can be sent. */
export function formError(values: CountyFormValues): string | null {
  return (
    nameError(values.name) ??
    stateError(values.state) ??
    stateCodeError(values.stateCode) ??
    populationError(values.population)
  );
}

/** The request body from valid form values: trimmed text, the state code upper-case, population an integer or null. */
export function countyPayload(values: CountyFormValues): CountyPayload {
  const population = (values.population ?? '').trim();
  return {
    name: values.name.trim(),
    state: values.state.trim(),
    stateCode: values.stateCode.trim().toUpperCase(),
    population: population === '' ? null : Number.parseInt(population, 10),
  };
}
