import { toast } from '@/components/ui/toast';
import { handleUnauthorized } from '@/lib/auth';
import { messageOf } from '@/lib/http';

/** A refused call: a lost session signs in again; anything else is a toast with the server's words. */
export function reportFailure(error: unknown, fallback: string): void {
  if (handleUnauthorized(error)) return;
  toast({ title: 'Error', description: messageOf(error, fallback), variant: 'destructive' });
}
