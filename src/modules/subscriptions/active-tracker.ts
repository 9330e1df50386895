/** An active County Tracker `s`, not suspended by a dispute, and not past its expiration at `now` (SQL). */
export const activeTracker = (
  now: string,
) => `s.purchase_type = 'annual' AND s.status = 'active' AND s.expiration_date > ${now}
  AND cardinality(s.suspending_disputes) = 0`;
