import { STORE_PATHS } from '@contracts/routes';
import { LogoutLink } from '@/components/logout-link';
import { SiteHeader } from '@/components/site';
import { ButtonLink } from '@/components/ui/button';

/** The header of a signed-in customer's pages beside the dashboard: back to it, or log out. */
export function AccountHeader() {
  return (
    <SiteHeader navLabel="Account">
      <ButtonLink to={STORE_PATHS.dashboard} variant="outline" size="sm">
        Dashboard
      </ButtonLink>
      <LogoutLink variant="ghost" size="sm">
        Log out
      </LogoutLink>
    </SiteHeader>
  );
}
