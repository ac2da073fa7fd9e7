package org.crs.bar.port;

import org.crs.bar.reservation.NotificationEvent;

/**
 * The text of each event's mail, as an operator may edit it: a first line {@code Subject: ...},
 * an empty line, then the body; {@code {name}} placeholders are filled in by the BAR.
 */
@FunctionalInterface
public interface MailTemplates {

    String text(NotificationEvent event);
}
