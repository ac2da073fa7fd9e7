// Small shared pieces: html templates, times, bandwidths, state badges, errors, empty states.

import { h, Component } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { localTime, utcTime, bandwidth, STATE_LABELS, toDate } from './format.js';

export const html = htm.bind(h);

/** A time in the reader's zone; UTC on hover (title) and in the datetime attribute. */
export function Time({ at, short = false }) {
  const d = toDate(at);
  if (!d) return html`<span>—</span>`;
  return html`<time datetime=${d.toISOString()} title=${utcTime(d)}>${short ? localTime(d).replace(/:\d\d$/, '') : localTime(d)}</time>`;
}

export function Bandwidth({ mbps }) {
  return html`<span class="nowrap">${bandwidth(mbps)}</span>`;
}

/** A state as a word on a coloured badge (the word carries the meaning, the colour helps). */
export function StateBadge({ state }) {
  return html`<span class=${'badge state-' + state} data-state=${state}>${STATE_LABELS[state] || state}</span>`;
}

/** A field's label for error messages that name a field. */
const FIELD_LABELS = {
  bandwidthMbps: 'Bandwidth',
  source: 'Source',
  destination: 'Destination',
  start: 'Start',
  end: 'End',
  windowStart: 'Window start',
  windowEnd: 'Window end',
  durationSeconds: 'Duration',
  volumeMegabytes: 'Volume',
  earliestStart: 'Earliest start',
  deadline: 'Deadline',
  reason: 'Reason',
  resourceId: 'Resource',
  account: 'Account',
  password: 'Password',
};

export function fieldLabel(field) {
  return FIELD_LABELS[field] || field;
}

/** The BAR's reason for a refusal or failure; role=alert so screen readers say it at once. */
export function ErrorBox({ error, title = 'That did not work' }) {
  if (!error) return null;
  const reason = error.reason || error.message || String(error);
  return html`<div class="error" role="alert">
    <strong>${title}:</strong> ${error.field && !reason.startsWith(error.field) ? html`<span>${fieldLabel(error.field)}: </span>` : null}${reason}
    ${error.code && !['UNREACHABLE', 'BAD_ANSWER'].includes(error.code) && !error.code.startsWith('HTTP_')
      ? html` <span class="code">(${error.code})</span>` : null}
  </div>`;
}

export function Empty({ children }) {
  return html`<p class="empty">${children}</p>`;
}

export function Loading({ what = 'Loading' }) {
  return html`<p class="loading" aria-busy="true">${what}…</p>`;
}

/**
 * Loads something once per change of `deps`: answers { data, error, loading, reload, setData }.
 * A load started before a newer one never overwrites the newer one's answer.
 */
export function useLoad(load, deps) {
  const [state, setState] = useState({ data: null, error: null, loading: true });
  const generation = useRef(0);
  const run = useCallback((quiet) => {
    const mine = ++generation.current;
    if (!quiet) setState((s) => ({ ...s, loading: true }));
    return Promise.resolve()
      .then(load)
      .then(
        (data) => { if (mine === generation.current) setState({ data, error: null, loading: false }); },
        (error) => { if (mine === generation.current) setState((s) => ({ data: s.data, error, loading: false })); },
      );
  }, deps);
  useEffect(() => { run(false); }, [run]);
  return {
    ...state,
    reload: (quiet = true) => run(quiet),
    setData: (data) => setState((s) => ({ ...s, data: typeof data === 'function' ? data(s.data) : data })),
  };
}

/** Runs an action (a button's click), remembering whether it is busy and its error. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const run = async (fn) => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(e);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, setError };
}

/** Shows a failure of one page as a message instead of a blank page. */
export class PageBoundary extends Component {
  constructor() {
    super();
    this.state = { failed: null };
  }

  componentDidCatch(error) {
    this.setState({ failed: error });
  }

  componentDidUpdate(previous) {
    if (previous.route !== this.props.route && this.state.failed) {
      this.setState({ failed: null });
    }
  }

  render() {
    if (this.state.failed) {
      return html`<div class="error" role="alert"><strong>This page could not be shown.</strong>
        Reload the page or go back; the BAR has your reservations either way.</div>`;
    }
    return this.props.children;
  }
}

/** Sets the document title and announces the page to screen readers. */
export function usePageTitle(title) {
  useEffect(() => {
    document.title = title + ' · CRS';
  }, [title]);
}

/** The announcer: a polite aria-live region in the layout that says what just happened. */
let announcer = () => {};
export function setAnnouncer(fn) {
  announcer = fn;
}
export function announce(message) {
  announcer(message);
}

/** A link to a route (hash routing). */
export function href(route, params) {
  const q = params ? new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')).toString() : '';
  return '#' + route + (q ? '?' + q : '');
}

export function navigate(route, params) {
  location.hash = href(route, params).slice(1);
}
