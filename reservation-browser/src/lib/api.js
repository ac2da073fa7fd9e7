// The one way the pages talk to the BAR: JSON over /api (contract: docs/browser.md, the API's
// OpenAPI document). Every answer that is not 2xx becomes an ApiError carrying the BAR's own
// reason and field, so a page shows what the BAR said and never a stack trace.

let csrfToken = null;
let onSignedOut = () => {};

/** Remembers the session's CSRF token; every state-changing call sends it. */
export function setCsrfToken(token) {
  csrfToken = token || null;
}

/** Called when any call answers 401: the session ended, the app shows the sign-in form. */
export function onNotSignedIn(fn) {
  onSignedOut = fn;
}

/** A refusal or failure as the BAR stated it: `code` (RefusalCode name), `reason`, optional `field`. */
export class ApiError extends Error {
  constructor(status, code, reason, field) {
    super(reason);
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.field = field || null;
  }
}

const FALLBACK_REASONS = {
  400: 'The request was not accepted.',
  401: 'You are not signed in.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  409: 'The BAR refused this in the current state.',
  429: 'Too many requests; wait a moment and try again.',
  500: 'The BAR failed to answer this request; try again later.',
};

/**
 * Calls the BAR. `path` starts with /api. Answers the parsed JSON body (null for 204).
 * @throws ApiError on a non-2xx answer or when the BAR cannot be reached
 */
export async function call(method, path, body, { quietUnauthorized = false } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  if (method !== 'GET' && csrfToken) {
    headers['X-CSRF-Token'] = csrfToken;
  }
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'UNREACHABLE', 'The BAR could not be reached. Check the connection and try again.');
  }
  if (response.status === 204) {
    return null;
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    const status = response.status;
    if (status === 401 && !quietUnauthorized) {
      onSignedOut();
    }
    throw new ApiError(status, error.code || 'HTTP_' + status,
      error.reason || FALLBACK_REASONS[status] || FALLBACK_REASONS[status >= 500 ? 500 : 400], error.field);
  }
  if (data === null && text) {
    throw new ApiError(response.status, 'BAD_ANSWER', 'The BAR answered something that is not JSON.');
  }
  return data;
}

export const get = (path, options) => call('GET', path, undefined, options);
export const post = (path, body = {}, options) => call('POST', path, body, options);
export const patch = (path, body, options) => call('PATCH', path, body, options);
export const del = (path, options) => call('DELETE', path, undefined, options);

/** A query string from an object; skips empty values, repeats array values (state=A&state=B). */
export function query(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      value.forEach((v) => q.append(key, v));
    } else {
      q.append(key, String(value));
    }
  }
  const s = q.toString();
  return s ? '?' + s : '';
}

/** The path of one reservation's resource; ids are the client's request ids, so they are escaped. */
export const reservationPath = (id) => '/api/reservations/' + encodeURIComponent(id);
