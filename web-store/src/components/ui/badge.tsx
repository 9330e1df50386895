import { HTMLAttributes } from 'react';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={['badge', `badge--${variant}`, className].filter(Boolean).join(' ')} {...props} />;
}
