import { useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@/components/invoice-rows';
import { getJson } from '@/lib/http';

export type { InvoiceSummary };

export const invoicesQuery = {
  queryKey: ['invoices'],
  queryFn: () => getJson<InvoiceSummary[]>('/api/invoices'),
} as const;

/** The signed-in customer's invoices, newest first; like the subscriptions, asked for only once signed in. */
export function useInvoices(enabled: boolean) {
  return useQuery({ ...invoicesQuery, enabled });
}
