const display = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Jan 5, 2025": the store's way of showing a date to people (in UTC, like every stored moment). */
export function formatDate(moment: Date): string {
  return display.format(moment);
}
