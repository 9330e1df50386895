import { SiteHeader } from '../../../components/site';
import { ButtonAnchor, ButtonLink } from '../../../components/ui/button';

export function DashboardHeader() {
  return (
    <SiteHeader navLabel="Account">
      <ButtonLink to="/counties" size="sm">
        <span aria-hidden="true">+</span> Add County
      </ButtonLink>
      {/* A real link: /api/logout ends the session on the server and the provider. */}
      <ButtonAnchor href="/api/logout" variant="outline" size="sm">
        Logout
      </ButtonAnchor>
    </SiteHeader>
  );
}
