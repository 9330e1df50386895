import { ButtonHTMLAttributes, forwardRef } from 'react';
import { Link, LinkProps } from 'react-router-dom';

export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClass({ variant = 'default', size = 'default' }: Look, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--size-${size}`, extra].filter(Boolean).join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & Look>(function Button(
  { variant, size, className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props} />;
});

/** A link that looks like a button: for navigation, so it stays a real link (middle-click, new tab). */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & Look) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}

/** The same for a link the server answers (/api/login, /api/logout, the PDF): a full page load. */
export function ButtonAnchor({
  variant,
  size,
  className,
  ...props
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return <a className={buttonClass({ variant, size }, className)} {...props} />;
}
