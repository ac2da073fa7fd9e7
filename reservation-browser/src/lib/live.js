// Live reservation updates for every page that shows reservations: one EventSource on /api/events
// shared by all subscribers. When the stream fails (a proxy that buffers, a server without it)
// the pages fall back to polling: every 5 s each subscriber is told to fetch again.

import { useEffect, useRef, useState } from 'preact/hooks';

const POLL_MS = 5000;
const subscribers = new Set();
const modeListeners = new Set();
let source = null;
let pollTimer = null;
let mode = 'off'; // 'connecting' | 'live' | 'polling' | 'off'

function setMode(next) {
  mode = next;
  modeListeners.forEach((fn) => fn(mode));
}

function start() {
  if (source || pollTimer) return;
  if (typeof EventSource === 'undefined') {
    startPolling();
    return;
  }
  setMode('connecting');
  source = new EventSource('/api/events', { withCredentials: true });
  source.onopen = () => setMode('live');
  source.addEventListener('reservation', (event) => {
    let reservation = null;
    try {
      reservation = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    subscribers.forEach((fn) => fn(reservation));
  });
  source.onerror = () => {
    // EventSource would retry on its own, silently; the pages poll instead so they stay current.
    stopStream();
    startPolling();
  };
}

function stopStream() {
  if (source) {
    source.close();
    source = null;
  }
}

function startPolling() {
  setMode('polling');
  pollTimer = setInterval(() => subscribers.forEach((fn) => fn(null)), POLL_MS);
}

function stop() {
  stopStream();
  if (pollTimer) {
    clearInterval(pollTimer);
    pollTimer = null;
  }
  setMode('off');
}

/**
 * Calls `onChange(reservation)` for every reservation change the BAR reports, or
 * `onChange(null)` every 5 s while polling (the page fetches again). The latest callback is used.
 */
export function useReservationChanges(onChange) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const fn = (r) => latest.current(r);
    subscribers.add(fn);
    start();
    return () => {
      subscribers.delete(fn);
      if (!subscribers.size) stop();
    };
  }, []);
}

/** 'connecting', 'live' or 'polling': shown beside lists so the reader knows they update. */
export function useLiveMode() {
  const [current, setCurrent] = useState(mode);
  useEffect(() => {
    modeListeners.add(setCurrent);
    return () => modeListeners.delete(setCurrent);
  }, []);
  return current;
}

/** Ends the stream, on sign-out. */
export function closeLive() {
  subscribers.clear();
  stop();
}
