import { siteInfo, telHref } from '@/lib/site-info';

/** The support email and phone the server configures; a line is left out when its value is unset. */
export function ContactDetails() {
  return (
    <address className="legal-contact">
      County Data Store
      <br />
      Canada
      {siteInfo.supportEmail && (
        <>
          <br />
          Email: <a href={`mailto:${siteInfo.supportEmail}`}>{siteInfo.supportEmail}</a>
        </>
      )}
      {siteInfo.supportPhone && (
        <>
          <br />
          Phone: <a href={telHref(siteInfo.supportPhone)}>{siteInfo.supportPhone}</a>
        </>
      )}
    </address>
  );
}
