/**
 * Notification mails: over SMTP with jakarta.mail ({@link org.crs.bar.adapter.mail.SmtpMailTransport})
 * and their templates, from an operator's folder with the jar's defaults behind it
 * ({@link org.crs.bar.adapter.mail.TemplateFolder}).
 */
package org.crs.bar.adapter.mail;
