import { useEffect, useId, useState } from 'react';
import { Logo, PhoneLink } from '@/components/site';
import { ButtonAnchor } from '@/components/ui/button';
import { loginUrl } from '@/lib/auth';

const ANCHORS = [
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#about', label: 'About' },
] as const;

/** Sticky header; below 768 px the section links and phone fold into a menu so the bar fits 360 px. */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="landing-header">
      <div className="container landing-header__bar">
        <Logo />
        <div id={menuId} className="landing-header__menu" data-open={open}>
          <nav aria-label="Sections" className="landing-header__nav">
            {ANCHORS.map((anchor) => (
              <a key={anchor.href} href={anchor.href} className="landing-header__link" onClick={() => setOpen(false)}>
                {anchor.label}
              </a>
            ))}
          </nav>
          <PhoneLink className="phone-link landing-header__phone" />
        </div>
        <div className="landing-header__actions">
          <ButtonAnchor href={loginUrl('/dashboard')} size="sm">
            Sign In
          </ButtonAnchor>
          <button
            type="button"
            className="btn btn--ghost btn--size-icon landing-header__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="visually-hidden">Menu</span>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              {open ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
    </header>
  );
}
