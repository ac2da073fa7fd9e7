package org.crs.bar.adapter.mail;

import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;

import jakarta.activation.DataHandler;
import jakarta.mail.Authenticator;
import jakarta.mail.MessagingException;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.util.ByteArrayDataSource;

import org.crs.bar.port.MessageTransport;
import org.crs.bar.port.MessageTransport.DeliveryFailure;
import org.crs.bar.port.MessageTransport.OutgoingMail;

/**
 * Sends notification mails over SMTP (jakarta.mail, Angus): plain text, UTF-8, with a
 * {@code text/calendar} attachment when the message has one. One connection per mail: the BAR
 * sends a few a minute, and a connection kept open would only time out at the server.
 */
public final class SmtpMailTransport implements MessageTransport.Mail {

    /** How long connecting, and each read and write, may take. */
    static final int TIMEOUT_MS = 30_000;

    /** The header that names the event, as a webhook's does. */
    public static final String EVENT_HEADER = "X-CRS-Event";

    private final SmtpSettings settings;
    private final Session session;

    public SmtpMailTransport(SmtpSettings settings) {
        this.settings = settings;
        this.session = Session.getInstance(properties(settings), authenticator(settings));
    }

    private static Properties properties(SmtpSettings s) {
        String protocol = s.tls() == SmtpSettings.Tls.SMTPS ? "smtps" : "smtp";
        String p = "mail." + protocol + ".";
        Properties props = new Properties();
        props.put("mail.transport.protocol", protocol);
        props.put(p + "host", s.host());
        props.put(p + "port", Integer.toString(s.port()));
        props.put(p + "from", s.from());
        props.put(p + "auth", Boolean.toString(!s.user().isEmpty()));
        props.put(p + "connectiontimeout", Integer.toString(TIMEOUT_MS));
        props.put(p + "timeout", Integer.toString(TIMEOUT_MS));
        props.put(p + "writetimeout", Integer.toString(TIMEOUT_MS));
        if (s.tls() == SmtpSettings.Tls.STARTTLS) {
            props.put(p + "starttls.enable", "true");
            props.put(p + "starttls.required", "true");
        }
        if (s.tls() != SmtpSettings.Tls.NONE) {
            props.put(p + "ssl.checkserveridentity", "true");
        }
        return props;
    }

    private static Authenticator authenticator(SmtpSettings s) {
        if (s.user().isEmpty()) {
            return null;
        }
        return new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                return new PasswordAuthentication(s.user(), s.password());
            }
        };
    }

    @Override
    public void send(OutgoingMail mail) throws DeliveryFailure {
        try {
            MimeMessage m = new MimeMessage(session);
            m.setFrom(new InternetAddress(settings.from()));
            m.setRecipients(MimeMessage.RecipientType.TO, InternetAddress.parse(mail.to(), true));
            m.setSubject(mail.subject(), StandardCharsets.UTF_8.name());
            m.setSentDate(new Date());
            m.setHeader(EVENT_HEADER, mail.event());
            if (mail.attachment() == null) {
                m.setText(mail.body(), StandardCharsets.UTF_8.name());
            } else {
                MimeBodyPart text = new MimeBodyPart();
                text.setText(mail.body(), StandardCharsets.UTF_8.name());
                MimeBodyPart calendar = new MimeBodyPart();
                calendar.setDataHandler(new DataHandler(new ByteArrayDataSource(
                        mail.attachment().getBytes(StandardCharsets.UTF_8), "text/calendar; charset=UTF-8; method=PUBLISH")));
                calendar.setFileName(mail.attachmentName());
                MimeMultipart parts = new MimeMultipart("mixed");
                parts.addBodyPart(text);
                parts.addBodyPart(calendar);
                m.setContent(parts);
            }
            m.saveChanges();
            Transport.send(m);
        } catch (MessagingException e) {
            // The exception's text names the server and what it answered; never the password.
            throw new DeliveryFailure("SMTP " + settings.host() + ":" + settings.port() + ": " + e.getMessage(), e);
        }
    }
}
