// Sign-in: a local account form, and the institution's sign-in (OIDC) when the BAR offers it.

import { useEffect, useState } from 'preact/hooks';
import { get, post } from '../lib/api.js';
import { html, ErrorBox, usePageTitle } from '../lib/ui.js';

export function SignIn({ onSignedIn, message }) {
  usePageTitle('Sign in');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [config, setConfig] = useState(null);

  // Not awaited before the form shows: the form is usable at once, the second way appears when known.
  useEffect(() => {
    get('/api/config', { quietUnauthorized: true }).then(setConfig, () => setConfig(null));
  }, []);

  const submit = async (event) => {
    event.preventDefault();
    if (!account.trim() || !password) {
      setError({ field: account.trim() ? 'password' : 'account', reason: 'enter your account and password' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const me = await post('/api/session', { account: account.trim(), password }, { quietUnauthorized: true });
      onSignedIn(me);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  const oidc = config && config.oidc && config.oidc.enabled ? config.oidc : null;
  const returnTo = '/' + (location.hash || '#/book');

  return html`<section class="signin">
    <h1>Sign in to CRS${config && config.site ? html` <span class="muted">at ${config.site}</span>` : null}</h1>
    ${message ? html`<p class="notice">${message}</p>` : null}
    <form onSubmit=${submit} novalidate>
      <div class="field">
        <label for="signin-account">Account</label>
        <input id="signin-account" name="account" autocomplete="username" required autofocus
          value=${account} onInput=${(e) => setAccount(e.currentTarget.value)}
          aria-invalid=${error && error.field === 'account' ? 'true' : undefined} />
      </div>
      <div class="field">
        <label for="signin-password">Password</label>
        <input id="signin-password" name="password" type="password" autocomplete="current-password" required
          value=${password} onInput=${(e) => setPassword(e.currentTarget.value)} />
      </div>
      <${ErrorBox} error=${error} title="Not signed in" />
      <button type="submit" class="primary" disabled=${busy}>${busy ? 'Signing in…' : 'Sign in'}</button>
    </form>
    ${oidc ? html`<div class="oidc">
      <p class="or">or</p>
      <a class="button" href=${'/api/oidc/login?returnTo=' + encodeURIComponent(returnTo)}>Sign in with your institution${oidc.label ? html`<span class="sub"> (${oidc.label})</span>` : null}</a>
    </div>` : null}
  </section>`;
}
