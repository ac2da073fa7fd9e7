// The personal iCalendar feed: a URL with a secret token that a calendar application subscribes
// to (it needs no sign-in). The BAR keeps only a hash of the token, so the URL is shown once, when
// it is made; making a new one ends the old one, and revoking ends the feed.

import { useState } from 'preact/hooks';
import { get, post, del } from '../lib/api.js';
import { html, ErrorBox, Loading, Time, useLoad, useAction, usePageTitle, announce } from '../lib/ui.js';

export function CalendarFeed() {
  usePageTitle('Calendar feed');
  const feed = useLoad(() => get('/api/me/calendar-feed'), []);
  const make = useAction();
  const revoke = useAction();
  const [url, setUrl] = useState(null);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const active = feed.data && (feed.data.active || feed.data.url);
  const shown = url || (feed.data && feed.data.url) || null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
      announce('Feed URL copied.');
    } catch (e) {
      const input = document.getElementById('feed-url');
      if (input) input.select();
      announce('Select the URL and copy it.');
    }
  };

  const doMake = () => make.run(async () => {
    const answer = await post('/api/me/calendar-feed', {});
    setUrl(answer.url);
    setCopied(false);
    feed.setData({ ...answer, url: undefined, active: true });
    announce(active ? 'A new feed URL was made; the old one no longer works.' : 'Your feed URL was made.');
  });

  const doRevoke = () => revoke.run(async () => {
    await del('/api/me/calendar-feed');
    setUrl(null);
    setConfirming(false);
    feed.setData({ active: false });
    announce('The calendar feed was revoked; its URL no longer works.');
  });

  return html`<h1>Calendar feed</h1>
  <p>Subscribe to your feed's URL in your calendar application (for example "Add calendar from URL") to see all your
    reservations there. Anyone who has the URL can read the feed: keep it to yourself, and revoke it if it leaks.</p>
  ${feed.error ? html`<${ErrorBox} error=${feed.error} title="The feed could not be loaded" />` : null}
  ${!feed.data && !feed.error ? html`<${Loading} what="Loading your feed" />` : null}
  ${feed.data ? html`
    <p class="feed-state" role="status">${active
      ? html`You have a calendar feed${feed.data.createdAt ? html`, made <${Time} at=${feed.data.createdAt} />` : null}.`
      : 'You have no calendar feed.'}</p>
    ${shown ? html`<div class="field">
      <label for="feed-url">Your calendar feed URL</label>
      <div class="row">
        <input id="feed-url" class="grow mono" readonly value=${shown} onFocus=${(e) => e.currentTarget.select()} />
        <button type="button" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button>
      </div>
      <span class="hint">Copy it now: the BAR keeps only a fingerprint of it and shows it this once.</span>
    </div>` : active ? html`<p class="hint">The URL is shown only when it is made. If you no longer have it, make a new one; the old one then stops working.</p>` : null}
    <div class="actions">
      <button type="button" class=${active ? 'secondary' : 'primary'} disabled=${make.busy} onClick=${doMake}>${active ? 'Make a new URL' : 'Make a feed URL'}</button>
      ${active && !confirming ? html`<button type="button" class="danger" onClick=${() => setConfirming(true)}>Revoke the feed</button>` : null}
    </div>
    ${confirming ? html`<div role="group" aria-labelledby="revoke-q" class="confirm action-block">
      <p id="revoke-q"><strong>Revoke the calendar feed?</strong> Calendars subscribed to it stop updating.</p>
      <div class="actions">
        <button type="button" class="danger" disabled=${revoke.busy} onClick=${doRevoke}>Yes, revoke the feed</button>
        <button type="button" class="secondary" onClick=${() => setConfirming(false)}>Keep it</button>
      </div>
    </div>` : null}
    <${ErrorBox} error=${make.error} title="No new URL" />
    <${ErrorBox} error=${revoke.error} title="Not revoked" />` : null}`;
}
