import { SiteHeader } from '@/components/site';
import { LogoutLink } from '@/components/logout-link';
import { ButtonLink } from '@/components/ui/button';

export function DashboardHeader() {
  return (
    <SiteHeader navLabel="Account">
      <ButtonLink to="/counties" size="sm">
        <span aria-hidden="true">+</span> Add County
      </ButtonLink>
      <LogoutLink variant="outline" size="sm">
        Logout
      </LogoutLink>
    </SiteHeader>
  );
}
