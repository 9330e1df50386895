import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { siteInfo, telHref } from '../lib/site-info';

/** The store's name as a link home: the same mark in every header. */
export function Logo() {
  return (
    <Link to="/" className="logo">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <rect width="28" height="28" rx="7" fill="currentColor" />
        <path d="M7 19V9l7 4 7-4v10l-7 4z" fill="#fff" />
      </svg>
      <span>County Data Store</span>
    </Link>
  );
}

/** The support phone from SUPPORT_PHONE, as a tel: link (nothing when unset). */
export function PhoneLink({ className }: { className?: string }) {
  if (!siteInfo.supportPhone) return null;
  return (
    <a className={className ?? 'phone-link'} href={telHref(siteInfo.supportPhone)}>
      <span aria-hidden="true">☎</span> {siteInfo.supportPhone}
    </a>
  );
}

/** The header of the signed-in and order screens: the logo, then the screen's own links, sticky at the top. */
export function SiteHeader({ children, navLabel }: { children: ReactNode; navLabel: string }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav className="site-header__nav" aria-label={navLabel}>
          {children}
        </nav>
      </div>
    </header>
  );
}

/** The footer of the picker and checkout: a line of the screen's own, and the legal pages. */
export function SiteFooter({ children }: { children: ReactNode }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <span>{children}</span>
        <nav aria-label="Legal" className="site-footer__nav">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms and Conditions</Link>
        </nav>
      </div>
    </footer>
  );
}
