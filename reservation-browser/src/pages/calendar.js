// The personal iCalendar feed: a URL with a secret token that a calendar application subscribes
// to (it needs no sign-in), and a button that revokes the token and makes a new URL.

import { useState } from 'preact/hooks';
import { get, post } from '../lib/api.js';
import { html, ErrorBox, Loading, useLoad, useAction, usePageTitle, announce } from '../lib/ui.js';

export function CalendarFeed() {
  usePageTitle('Calendar feed');
  const feed = useLoad(() => get('/api/me/calendar-feed'), []);
  const revoke = useAction();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.data.url);
      setCopied(true);
      announce('Feed URL copied.');
    } catch (e) {
      const input = document.getElementById('feed-url');
      if (input) input.select();
      announce('Select the URL and copy it.');
    }
  };

  const doRevoke = () => revoke.run(async () => {
    const answer = await post('/api/me/calendar-feed/revoke', {});
    feed.setData(answer);
    setConfirming(false);
    setCopied(false);
    announce('The old feed URL no longer works; a new one was made.');
  });

  return html`<h1>Calendar feed</h1>
  <p>Subscribe to this address in your calendar application (for example "Add calendar from URL") to see all your
    reservations there. Anyone who has the address can read the feed: keep it to yourself, and revoke it if it leaks.</p>
  ${feed.error ? html`<${ErrorBox} error=${feed.error} title="The feed could not be loaded" />` : null}
  ${!feed.data && !feed.error ? html`<${Loading} what="Loading your feed" />` : null}
  ${feed.data ? html`<div class="field">
      <label for="feed-url">Your calendar feed URL</label>
      <div class="row">
        <input id="feed-url" class="grow mono" readonly value=${feed.data.url} onFocus=${(e) => e.currentTarget.select()} />
        <button type="button" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button>
      </div>
    </div>
    <div class="action-block">
      ${!confirming ? html`<button type="button" class="danger" onClick=${() => setConfirming(true)}>Revoke this URL</button>`
        : html`<div role="group" aria-labelledby="revoke-q" class="confirm">
          <p id="revoke-q"><strong>Revoke the feed URL?</strong> Calendars subscribed to it stop updating; you get a new URL to subscribe to.</p>
          <div class="actions">
            <button type="button" class="danger" disabled=${revoke.busy} onClick=${doRevoke}>Yes, revoke and make a new URL</button>
            <button type="button" class="secondary" onClick=${() => setConfirming(false)}>Keep it</button>
          </div>
        </div>`}
      <${ErrorBox} error=${revoke.error} title="Not revoked" />
    </div>` : null}`;
}
