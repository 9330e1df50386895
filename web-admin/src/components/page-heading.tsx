import type { ReactNode } from 'react';

/** A page's title and subtitle; `extra` holds the page's actions (export, search). */
export function PageHeading({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  return (
    <header className="page-heading">
      <div>
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
      {extra}
    </header>
  );
}
