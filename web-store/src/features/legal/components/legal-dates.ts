/** When the legal documents last changed in substance; update it with their text. */
export const LEGAL_UPDATED = 'November 23, 2026';
