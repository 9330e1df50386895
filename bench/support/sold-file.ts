import type { Client } from 'pg';
import { publishableKeyOf, purchase } from './buyer';

/** A County SnapShot of Baltimore city (24510) bought through the store, and the CSV file it includes. */
export async function soldCountyFile(
  origin: string,
  db: Client,
  buyer: { email: string; address: string },
): Promise<{ subscriptionId: string; datasetId: string; bytes: number }> {
  const [county] = (await db.query<{ id: string }>(`SELECT id FROM counties WHERE fips = '24510'`)).rows;
  // Outside production the summary makes the county's (generated) file, which the purchase then includes.
  const summary = await fetch(`${origin}/api/counties/${county.id}/dataset-summary`);
  if (!summary.ok) throw new Error(`dataset-summary answered ${summary.status}`);
  const { orderId } = await purchase(origin, await publishableKeyOf(origin), buyer, [
    { countyId: county.id, purchaseType: 'one-time' },
  ]);
  const [grant] = (
    await db.query<{ subscriptionId: string; datasetId: string; bytes: number }>(
      `SELECT s.id AS "subscriptionId", d.id AS "datasetId", d.bytes::int AS bytes
       FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
       JOIN county_datasets d ON d.county_id = s.county_id
       WHERE i.order_id = $1 AND d.kind = 'full' AND d.format = 'csv' ORDER BY d.release DESC LIMIT 1`,
      [orderId],
    )
  ).rows;
  return grant;
}
