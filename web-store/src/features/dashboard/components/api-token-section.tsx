import { formatDate } from '@web-shared/format';
import { FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { isUnauthorized } from '@/lib/http';
import { ApiToken, CreatedApiToken, useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { reportFailure } from './report-failure';
import { ShownOnceSecret } from './shown-once-secret';
import './api-tokens.css';

/** As the server takes it (CreateApiTokenDto). */
const NAME_MAX_LENGTH = 100;

/** The token just made, shown this once; Done forgets it. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <ShownOnceSecret
      title={`Your new token “${created.name}”`}
      label="API token"
      value={created.token}
      pasteHint="Paste it where your script keeps its secrets."
      onDone={onDone}
    >
      Send it as <code>Authorization: Bearer &lt;token&gt;</code> to <code>/api/v1</code>.
    </ShownOnceSecret>
  );
}

/** One token in the list, with Revoke asking for confirmation in place. */
function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const revokeRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    // Into the question when it opens, back to Revoke when it is cancelled.
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) revokeRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const confirm = () =>
    revoke.mutate(token, {
      onSuccess: () => toast({ title: 'Token Revoked', description: `“${token.name}” no longer works.` }),
      onError: (error) => {
        setConfirming(false);
        reportFailure(error, 'Failed to revoke the token.');
      },
    });

  return (
    <li className="api-token" aria-label={token.name}>
      <div className="api-token__facts">
        <span className="api-token__name">{token.name}</span>
        <code className="api-token__prefix">{token.prefix}…</code>
        <span className="api-token__dates">
          Created {formatDate(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt)}` : 'Never used'}
        </span>
      </div>
      {confirming ? (
        <div className="api-token__confirm" role="group" aria-label={`Revoke ${token.name}?`}>
          <span className="api-token__question">Revoke it? Scripts using it stop working at once.</span>
          <Button
            ref={cancelRef}
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </Button>
          <Button variant="destructive" size="sm" disabled={revoke.isPending} onClick={confirm}>
            {revoke.isPending ? 'Revoking...' : 'Revoke token'}
          </Button>
        </div>
      ) : (
        <Button ref={revokeRef} variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Revoke<span className="visually-hidden"> {token.name}</span>
        </Button>
      )}
    </li>
  );
}

/** "API tokens": personal access tokens for the data API (README "Data API"). */
export function ApiTokenSection({ signedIn }: { signedIn: boolean }) {
  const tokens = useApiTokens(signedIn);
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const nameId = useId();
  const nameRef = useRef<HTMLInputElement>(null);

  // A lost session is the subscription list's to report (it signs the customer in again).
  if (tokens.isPending || isUnauthorized(tokens.error)) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
        toast({ title: 'Token Created', description: 'Copy it now: it will not be shown again.' });
      },
      onError: (error) => reportFailure(error, 'Failed to create the token.'),
    });
  };

  const done = () => {
    setCreated(null);
    nameRef.current?.focus();
  };

  return (
    <section className="dash-api-tokens" aria-labelledby="dash-api-tokens-title">
      <h2 id="dash-api-tokens-title" className="dash-section-title">
        API tokens
      </h2>
      <div className="card api-tokens">
        <p className="api-tokens__intro">
          Let your scripts list your subscriptions and download your files through the data API, without signing in;
          with County Tracker they also look up parcels, draw parcel tiles and send batch appends.
        </p>
        <form className="api-tokens__form" onSubmit={submit}>
          <div className="api-tokens__field">
            <Label htmlFor={nameId}>Token name</Label>
            <Input
              id={nameId}
              ref={nameRef}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              required
              placeholder="e.g. Monthly pull on the GIS server"
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            {create.isPending ? 'Creating...' : 'Create token'}
          </Button>
        </form>
        {created && <NewToken key={created.id} created={created} onDone={done} />}
        {tokens.isError ? (
          <p className="api-tokens__error" role="alert">
            Your API tokens could not be loaded.{' '}
            <Button variant="outline" size="sm" onClick={() => void tokens.refetch()}>
              Try again
            </Button>
          </p>
        ) : tokens.data.length === 0 ? (
          <p className="api-tokens__empty">No API tokens yet.</p>
        ) : (
          <ul className="api-tokens__list" aria-label="Your API tokens">
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
