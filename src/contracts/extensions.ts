/** How staff give a subscription more time: in days or in months. */
export const EXTENSION_UNITS = ['days', 'months'] as const;
export type ExtensionUnit = (typeof EXTENSION_UNITS)[number];

/** The most of each unit one extension may add: a year either way. */
export const MOST_EXTENSION: Record<ExtensionUnit, number> = { days: 365, months: 12 };

/** The unit a request names, or months (the console's default) when it names none it knows. */
export const extensionUnitOf = (unit: unknown): ExtensionUnit => (unit === 'days' ? 'days' : 'months');
