import { forwardRef, InputHTMLAttributes, LabelHTMLAttributes, SelectHTMLAttributes } from 'react';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={['input', className].filter(Boolean).join(' ')} {...props} />;
});

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={['label', className].filter(Boolean).join(' ')} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={['input select', className].filter(Boolean).join(' ')} {...props} />;
}
