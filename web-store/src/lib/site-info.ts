export interface SiteInfo {
  supportPhone: string;
  supportEmail: string;
  /** MAP_STYLE_URL: a base map for the parcel maps; empty for the store's own layers alone. */
  mapStyleUrl: string;
}

/** The server puts these in a meta tag of every page, so the header shows them from the first paint. */
export function readSiteInfo(doc: Document = document): SiteInfo {
  const content = doc.querySelector('meta[name="site-info"]')?.getAttribute('content') ?? '{}';
  let parsed: Partial<SiteInfo> = {};
  try {
    parsed = JSON.parse(content) as Partial<SiteInfo>;
  } catch {
    // A page not served by the store (the Vite dev server): no phone to show.
  }
  return {
    supportPhone: parsed.supportPhone ?? '',
    supportEmail: parsed.supportEmail ?? '',
    mapStyleUrl: parsed.mapStyleUrl ?? '',
  };
}

export const siteInfo: SiteInfo = readSiteInfo();

/** A tel: link for a number as people write it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
