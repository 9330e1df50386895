import { readEnvironment } from './config/environment';
import { localStandIns, startBanner } from './local-stand-ins';

describe('the start banner', () => {
  it('lists every local stand-in at the port the store listens on', () => {
    const lines = localStandIns(readEnvironment({ PORT: '3999' }), 'http://localhost:3999');
    expect(lines.join('\n')).toContain('Stripe simulator');
    expect(lines).toContain('Development sign-in provider: http://localhost:3999/dev/oidc');
    expect(lines.join('\n')).toContain('Mail outbox (nothing is sent): http://localhost:3999/dev/mail');
    expect(lines.join('\n')).not.toContain('3000');
  });

  it('says where the store and its admin console are', () => {
    const banner = startBanner(readEnvironment({ PORT: '3999' }), 'http://localhost:3999', 9464);
    expect(banner).toContain('County Data Store is running at http://localhost:3999\n');
    expect(banner).toContain('Admin console: http://localhost:3999/admin\n');
    expect(banner).toContain('  - Mail outbox (nothing is sent): http://localhost:3999/dev/mail');
    expect(banner).toContain('Metrics: http://localhost:3999/metrics (API), http://localhost:9464/metrics (worker)');
  });

  it('leaves out what is configured for real', () => {
    const env = readEnvironment({ SMTP_URL: 'smtp://mail.example', OIDC_ISSUER_URL: 'https://id.example' });
    const lines = localStandIns(env, 'http://localhost:3000').join('\n');
    expect(lines).not.toContain('Mail outbox');
    expect(lines).not.toContain('Development sign-in');
  });
});
