import { SiteHeader } from '../../../components/site';
import { ButtonAnchor, ButtonLink } from '../../../components/ui/button';

export function BrowseHeader() {
  return (
    <SiteHeader navLabel="Account">
      <ButtonLink to="/dashboard" variant="outline" size="sm">
        Dashboard
      </ButtonLink>
      {/* A real link: /api/logout ends the session on the server and the provider. */}
      <ButtonAnchor href="/api/logout" variant="ghost" size="sm">
        Log out
      </ButtonAnchor>
    </SiteHeader>
  );
}
