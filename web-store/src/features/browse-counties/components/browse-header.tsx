import { SiteHeader } from '@/components/site';
import { LogoutLink } from '@/components/logout-link';
import { ButtonLink } from '@/components/ui/button';

export function BrowseHeader() {
  return (
    <SiteHeader navLabel="Account">
      <ButtonLink to="/dashboard" variant="outline" size="sm">
        Dashboard
      </ButtonLink>
      <LogoutLink variant="ghost" size="sm">
        Log out
      </LogoutLink>
    </SiteHeader>
  );
}
