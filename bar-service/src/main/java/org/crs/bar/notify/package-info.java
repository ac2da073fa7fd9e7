/**
 * Telling reservation owners what happens to their bookings (docs/security.md):
 * {@link org.crs.bar.notify.Notifications} is the one entry point (the recorder calls it for every
 * recorded state change that is an event; operators' actions call it for theirs), the
 * {@link org.crs.bar.notify.Notifier} keeps each event in the outbox and later makes it into mails
 * and signed webhook POSTs and delivers them with retries, and {@link org.crs.bar.notify.Webhooks}
 * lets an account register its webhooks; {@link org.crs.bar.notify.NsiCallbackSender} delivers the
 * callbacks owed to NSI requesters from their outbox the same way. A service layer: it reaches storage, SMTP and HTTP only
 * through the ports in {@code org.crs.bar.port}.
 */
package org.crs.bar.notify;
