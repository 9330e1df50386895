import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { handleUnauthorized } from '@/lib/auth';
import { Subscription, useAutoRenew } from '../api/subscriptions';

/** docs/store-spec.md §2/§7/§8: an annual subscription's auto-renewal, saved at once and locked while it saves. */
export function AutoRenewSwitch({ subscription }: { subscription: Subscription }) {
  const id = useId();
  const save = useAutoRenew(subscription.id);
  // Only an active subscription can renew (the API answers 409 otherwise), so others show their state, locked.
  const renewable = subscription.status === 'active';
  const checked = save.isPending ? save.variables : subscription.autoRenew;

  const change = (autoRenew: boolean) =>
    save.mutate(autoRenew, {
      onSuccess: () => toast({ title: 'Settings Updated', description: 'Auto-renewal preference has been saved.' }),
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({ title: 'Error', description: 'Failed to update auto-renewal setting.', variant: 'destructive' });
      },
    });

  return (
    <div className="dash-renew">
      <div>
        <label htmlFor={`${id}-switch`} className="dash-renew__label">
          Auto-renewal
        </label>
        <p className="dash-renew__hint" aria-live="polite">
          {save.isPending
            ? 'Saving...'
            : !renewable
              ? 'Only an active subscription renews.'
              : checked
                ? 'Renews automatically at the end of the year.'
                : 'Ends on its expiration date.'}
        </p>
      </div>
      <Switch id={`${id}-switch`} checked={checked} disabled={save.isPending || !renewable} onCheckedChange={change} />
    </div>
  );
}
