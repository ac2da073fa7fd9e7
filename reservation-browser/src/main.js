// The reservation browser: one page at a time chosen by the URL's hash (#/book,
// #/reservations/ID, ...), so the BAR serves only index.html and its assets.

import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './style.css';
import { get, del, setCsrfToken, onNotSignedIn } from './lib/api.js';
import { closeLive } from './lib/live.js';
import { html, PageBoundary, setAnnouncer, announce, Loading, ErrorBox } from './lib/ui.js';
import { SignIn } from './pages/signin.js';
import { Book } from './pages/book.js';
import { ReservationList } from './pages/reservations.js';
import { ReservationDetail } from './pages/detail.js';
import { CalendarFeed } from './pages/calendar.js';
import { NetworkMap } from './pages/map.js';
import { Approvals } from './pages/approvals.js';
import { Maintenance } from './pages/maintenance.js';
import { Audit } from './pages/audit.js';

/** The route and its query parameters from the hash: "#/reservations/r1?x=1". */
function parseHash() {
  const raw = location.hash.replace(/^#/, '') || '/';
  const [path, search = ''] = raw.split('?');
  return { path: path || '/', params: Object.fromEntries(new URLSearchParams(search)) };
}

function useRoute() {
  const [route, setRoute] = useState(parseHash);
  useEffect(() => {
    const onChange = () => setRoute(parseHash());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

const isOperator = (me) => me && (me.role === 'OPERATOR' || me.role === 'ADMIN');

const USER_LINKS = [
  ['/book', 'Book'],
  ['/reservations', 'My reservations'],
  ['/map', 'Network map'],
  ['/calendar', 'Calendar feed'],
];
const OPERATOR_LINKS = [
  ['/operator/approvals', 'Approvals'],
  ['/operator/maintenance', 'Maintenance'],
  ['/operator/reservations', 'All reservations'],
  ['/operator/audit', 'Audit trail'],
];

/** The page for a route; null when there is none. */
function pageFor(route, me) {
  const { path, params } = route;
  const m = path.match(/^\/reservations\/(.+)$/);
  if (m) return html`<${ReservationDetail} id=${decodeURIComponent(m[1])} me=${me} />`;
  switch (path) {
    case '/':
    case '/book':
      return html`<${Book} me=${me} params=${params} />`;
    case '/reservations':
      return html`<${ReservationList} me=${me} params=${params} scope="mine" />`;
    case '/map':
      return html`<${NetworkMap} me=${me} params=${params} />`;
    case '/calendar':
      return html`<${CalendarFeed} me=${me} />`;
    default:
  }
  if (path.startsWith('/operator/')) {
    if (!isOperator(me)) {
      return html`<h1>Operators only</h1><p>These pages are for the site's operators. You are signed in as ${me.account} (${me.role.toLowerCase()}).</p>`;
    }
    switch (path) {
      case '/operator/approvals':
        return html`<${Approvals} me=${me} />`;
      case '/operator/maintenance':
        return html`<${Maintenance} me=${me} params=${params} />`;
      case '/operator/reservations':
        return html`<${ReservationList} me=${me} params=${params} scope="all" />`;
      case '/operator/audit':
        return html`<${Audit} me=${me} params=${params} />`;
      default:
    }
  }
  return null;
}

function Nav({ me, path }) {
  const link = ([to, label]) => {
    const current = path === to || (to === '/book' && path === '/') || (to === '/reservations' && path.startsWith('/reservations/'));
    return html`<li><a href=${'#' + to} aria-current=${current ? 'page' : undefined}>${label}</a></li>`;
  };
  return html`<nav aria-label="Main">
    <ul class="nav">${USER_LINKS.map(link)}</ul>
    ${isOperator(me) ? html`<ul class="nav nav-operator" aria-label="Operator">${OPERATOR_LINKS.map(link)}</ul>` : null}
  </nav>`;
}

// Whether this browser was signed in when last seen. Without it the sign-in form shows at once,
// before the session check answers, so the first page is usable without waiting for the BAR.
const HINT = 'crs.signedIn';
const hint = {
  get: () => { try { return localStorage.getItem(HINT) === '1'; } catch (e) { return false; } },
  set: (on) => { try { if (on) localStorage.setItem(HINT, '1'); else localStorage.removeItem(HINT); } catch (e) { /* private mode */ } },
};

function App() {
  const route = useRoute();
  // undefined: not known yet; null: signed out
  const [me, setMe] = useState(() => (hint.get() ? undefined : null));
  const [bootError, setBootError] = useState(null);
  const [status, setStatus] = useState('');
  const [endedMessage, setEndedMessage] = useState('');
  const mainRef = useRef(null);
  const firstRoute = useRef(true);

  useEffect(() => {
    let clearTimer = null;
    setAnnouncer((message) => {
      // Cleared first so the same message twice is announced twice; gone after a while.
      setStatus('');
      clearTimeout(clearTimer);
      setTimeout(() => setStatus(message), 30);
      clearTimer = setTimeout(() => setStatus(''), 8000);
    });
    onNotSignedIn(() => {
      hint.set(false);
      closeLive();
      setCsrfToken(null);
      setMe((current) => {
        if (current) setEndedMessage('Your session has ended. Sign in again to go on.');
        return null;
      });
    });
    // Answered whoever asks: the account signed in with this session, or nothing (204) when none is.
    get('/api/session').then(
      (answer) => {
        if (answer === null) {
          hint.set(false);
          setMe((current) => (current === undefined ? null : current));
        } else {
          hint.set(true);
          setCsrfToken(answer.csrfToken);
          setMe(answer);
        }
      },
      (error) => setBootError(error),
    );
  }, []);

  // A new page moves the focus to its main region, as a page load would, for keyboard and screen readers.
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false;
      return;
    }
    if (mainRef.current) mainRef.current.focus({ preventScroll: false });
    window.scrollTo(0, 0);
  }, [route.path]);

  const signedIn = (answer) => {
    hint.set(true);
    setCsrfToken(answer.csrfToken);
    setEndedMessage('');
    setMe(answer);
    announce('Signed in as ' + answer.account);
  };

  const signOut = async () => {
    try {
      await del('/api/session', { quietUnauthorized: true });
    } catch (e) {
      // Signed out locally either way; the session expires on the server.
    }
    hint.set(false);
    closeLive();
    setCsrfToken(null);
    setMe(null);
    announce('Signed out');
  };

  let content;
  if (bootError) {
    content = html`<h1>CRS reservations</h1><${ErrorBox} error=${bootError} title="The BAR did not answer" />
      <p><button type="button" onClick=${() => location.reload()}>Try again</button></p>`;
  } else if (me === undefined) {
    content = html`<${Loading} what="Checking your session" />`;
  } else if (me === null) {
    content = html`<${SignIn} onSignedIn=${signedIn} message=${endedMessage} />`;
  } else {
    content = pageFor(route, me) || html`<h1>Page not found</h1>
      <p>There is no page at <code>#${route.path}</code>. <a href="#/book">Book a circuit</a> or see <a href="#/reservations">your reservations</a>.</p>`;
  }

  return html`
    <a class="skip" href="#main" onClick=${(e) => { e.preventDefault(); mainRef.current && mainRef.current.focus(); }}>Skip to content</a>
    <header class="top">
      <div class="brand"><a href="#/book">CRS</a><span class="site">${me ? me.site : ''}</span></div>
      ${me ? html`<${Nav} me=${me} path=${route.path} />` : null}
      ${me ? html`<div class="who"><span>Signed in as <strong>${me.account}</strong>${me.role !== 'USER' ? ' (' + me.role.toLowerCase() + ')' : ''}</span>
        <button type="button" class="link-button" onClick=${signOut}>Sign out</button></div>` : null}
    </header>
    <main id="main" tabindex="-1" ref=${mainRef}>
      <${PageBoundary} route=${route.path}>${content}<//>
    </main>
    <div class="status" role="status" aria-live="polite" aria-atomic="true">${status}</div>
  `;
}

const root = document.getElementById('app');
// The "Loading" text in index.html shows until the module runs; the app replaces it.
root.textContent = '';
render(html`<${App} />`, root);
