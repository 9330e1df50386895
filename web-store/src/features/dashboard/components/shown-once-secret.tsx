import { ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import './shown-once-secret.css';

/** Copies text: the Clipboard API where the page may use it, else the selected field, as older browsers do. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return Boolean(field) && document.execCommand('copy');
  }
}

/**
 * A secret just made (an API token, a webhook signing secret), shown this once with a Copy button;
 * Done forgets it. Focus goes to its heading, so keyboard and screen-reader users meet it first.
 */
export function ShownOnceSecret({
  title,
  label,
  value,
  pasteHint,
  children,
  onDone,
}: {
  title: ReactNode;
  /** What it is, for the field's label and the toasts: "API token", "Signing secret". */
  label: string;
  value: string;
  /** Where it goes, said when it is copied. */
  pasteHint: string;
  /** What to do with it, after "Copy it now: it will not be shown again." */
  children?: ReactNode;
  onDone: () => void;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldId = useId();
  const [copied, setCopied] = useState(false);
  const noun = label.split(' ').at(-1)!;

  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    if (await copyText(value, fieldRef.current)) {
      setCopied(true);
      toast({ title: `${noun[0].toUpperCase()}${noun.slice(1)} Copied`, description: pasteHint });
    } else {
      fieldRef.current?.select();
      toast({
        title: 'Copy Failed',
        description: `The ${noun.toLowerCase()} is selected: copy it with your keyboard.`,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="shown-once-secret" role="region" aria-labelledby={`${fieldId}-title`}>
      <h3 id={`${fieldId}-title`} ref={headingRef} tabIndex={-1} className="shown-once-secret__title">
        {title}
      </h3>
      <p className="shown-once-secret__note">Copy it now: it will not be shown again. {children}</p>
      <div className="shown-once-secret__row">
        <Label htmlFor={fieldId} className="visually-hidden">
          {label}
        </Label>
        <Input
          id={fieldId}
          ref={fieldRef}
          className="shown-once-secret__value"
          value={value}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy'}</Button>
      </div>
      <Button variant="outline" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
