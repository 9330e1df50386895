import { Logo, PhoneLink } from '@/components/site';
import { LogoutLink } from '@/components/logout-link';
import { ButtonAnchor, ButtonLink } from '@/components/ui/button';
import { loginUrl, useCurrentUser } from '@/lib/auth';

/** Dashboard and Logout once signed in, Login otherwise; nothing while the lookup runs, so no link flickers. */
function AccountLinks() {
  const { isSignedIn, isLoading } = useCurrentUser();
  if (isLoading) return <span className="picker-header__account-placeholder" aria-hidden="true" />;
  if (isSignedIn) {
    return (
      <>
        <ButtonLink to="/dashboard" variant="ghost" size="sm">
          Dashboard
        </ButtonLink>
        <LogoutLink variant="outline" size="sm">
          Logout
        </LogoutLink>
      </>
    );
  }
  return (
    <ButtonAnchor href={loginUrl()} variant="outline" size="sm">
      Login
    </ButtonAnchor>
  );
}

export function PickerHeader() {
  return (
    <header className="picker-header">
      <div className="container picker-header__inner">
        <Logo />
        <nav className="picker-header__nav" aria-label="Site">
          <PhoneLink />
          <a className="picker-header__schema" href="/data-schema.pdf" download>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path
                d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12.5V15h12v-2.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              />
            </svg>
            Data schema (PDF)
          </a>
          <AccountLinks />
        </nav>
      </div>
    </header>
  );
}
