package org.crs.bar.adapter.mail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.crs.bar.port.MailTemplates;
import org.crs.bar.reservation.NotificationEvent;

/**
 * Mail templates an operator can edit: {@code <folder>/<event>.txt} in lower case
 * ({@code reserved.txt}, {@code ending_soon.txt}), read at each use so an edit takes effect
 * without a restart; an event with no file there (or with no folder configured) uses the
 * default in the jar, the same text as {@code deploy/config/mail-templates/}. A file that cannot
 * be read, or does not start with {@code Subject:}, is logged and the jar's is used: an edit
 * gone wrong never holds a mail up.
 */
public final class TemplateFolder implements MailTemplates {

    private static final Logger LOG = LoggerFactory.getLogger(TemplateFolder.class);
    private static final String DEFAULTS = "templates/";
    private static final String SUBJECT = "Subject:";

    private final Optional<Path> folder;

    /** @param folder the operator's folder, or empty for the jar's defaults alone */
    public TemplateFolder(Optional<Path> folder) {
        this.folder = folder;
    }

    /** The file name of an event's template. */
    public static String fileName(NotificationEvent event) {
        return event.name().toLowerCase(Locale.ROOT) + ".txt";
    }

    @Override
    public String text(NotificationEvent event) {
        String name = fileName(event);
        if (folder.isPresent()) {
            Path file = folder.get().resolve(name);
            if (Files.isRegularFile(file)) {
                try {
                    String text = Files.readString(file, StandardCharsets.UTF_8);
                    if (text.startsWith("\uFEFF")) {
                        text = text.substring(1); // a byte-order mark some editors write
                    }
                    if (text.startsWith(SUBJECT)) {
                        return text;
                    }
                    LOG.warn("mail template {} does not start with a line \"Subject: ...\"; using the shipped one", file);
                } catch (IOException e) {
                    LOG.warn("cannot read mail template {} ({}); using the shipped one", file, e.toString());
                }
            }
        }
        return builtIn(event);
    }

    /** The jar's template of an event. */
    public static String builtIn(NotificationEvent event) {
        try (InputStream in = TemplateFolder.class.getResourceAsStream(DEFAULTS + fileName(event))) {
            if (in == null) {
                throw new IllegalStateException("the jar has no mail template " + fileName(event));
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
