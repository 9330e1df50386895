import { MouseEvent, ReactNode, useRef } from 'react';
import { ButtonAnchor, ButtonSize, ButtonVariant } from './ui/button';

const LOGOUT_PATH = '/api/logout';

/**
 * The spec's Logout link (href /api/logout) that signs out by POST: a plain click submits a
 * small form, because GET /api/logout only shows a Sign out button (a link another site plants
 * must not sign anyone out). Without script, or opened in a new tab, the link leads to that button.
 */
export function LogoutLink({
  children,
  variant,
  size,
}: {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const form = useRef<HTMLFormElement>(null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainClick || !form.current) return;
    event.preventDefault();
    form.current.submit();
  };
  return (
    <>
      <ButtonAnchor href={LOGOUT_PATH} variant={variant} size={size} onClick={onClick}>
        {children}
      </ButtonAnchor>
      <form ref={form} method="post" action={LOGOUT_PATH} hidden />
    </>
  );
}
