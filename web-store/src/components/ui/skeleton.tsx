import { CSSProperties } from 'react';

/** A grey placeholder of the content's size, so nothing jumps when the data arrives. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={['skeleton', className].filter(Boolean).join(' ')} style={style} />;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
