import { ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';

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

/** A signing secret just made or rolled, shown this once with a Copy button; Done forgets it. */
export function WebhookSecret({
  title,
  secret,
  children,
  onDone,
}: {
  title: string;
  secret: string;
  /** What to do with it, after "Copy it now". */
  children: ReactNode;
  onDone: () => void;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldId = useId();
  const [copied, setCopied] = useState(false);

  // Focus goes to the news, so keyboard and screen-reader users meet the secret first.
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    if (await copyText(secret, fieldRef.current)) {
      setCopied(true);
      toast({ title: 'Secret Copied', description: 'Paste it where your receiver keeps its secrets.' });
    } else {
      fieldRef.current?.select();
      toast({
        title: 'Copy Failed',
        description: 'The secret is selected: copy it with your keyboard.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="webhook-secret" role="region" aria-labelledby={`${fieldId}-title`}>
      <h3 id={`${fieldId}-title`} ref={headingRef} tabIndex={-1} className="webhook-secret__title">
        {title}
      </h3>
      <p className="webhook-secret__note">Copy it now: it will not be shown again. {children}</p>
      <div className="webhook-secret__row">
        <Label htmlFor={fieldId} className="visually-hidden">
          Signing secret
        </Label>
        <Input
          id={fieldId}
          ref={fieldRef}
          className="webhook-secret__value"
          value={secret}
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
