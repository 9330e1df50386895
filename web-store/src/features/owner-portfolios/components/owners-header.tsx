import { STORE_PATHS } from '@contracts/routes';
import { LogoutLink } from '@/components/logout-link';
import { SiteHeader } from '@/components/site';
import { ButtonLink } from '@/components/ui/button';

export function OwnersHeader() {
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
