package org.crs.demo;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

/**
 * Every log event of this process while it is attached, as text (message and the messages of
 * its exceptions), with the project's own loggers at DEBUG: for tests that search the logs for
 * what must never be in them.
 */
final class LogCapture extends AppenderBase<ILoggingEvent> implements AutoCloseable {

    /** The demo's secrets: device passwords and SNMP pass phrases, the accounts' passwords, the key stores' password. */
    static final List<String> DEMO_SECRETS = List.of("crs-demo-password", "crs-demo-enable", "crs-demo-auth-pass",
            "crs-demo-priv-pass", "alice-demo", "bob-demo", "carol-demo", "oscar-demo", "ada-demo", DemoCertificates.PASSWORD);

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Level before;

    private LogCapture() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        setContext(context);
        start();
        context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).addAppender(this);
        Logger crs = context.getLogger("org.crs");
        before = crs.getLevel();
        crs.setLevel(Level.DEBUG);
    }

    /** Starts capturing. */
    static LogCapture attach() {
        return new LogCapture();
    }

    @Override
    protected void append(ILoggingEvent event) {
        lines.add(event.getFormattedMessage());
        for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
            lines.add(String.valueOf(t.getMessage()));
        }
    }

    /** What was logged so far. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    /** The first line that holds one of {@code secrets}, or null. */
    String firstShowing(List<String> secrets) {
        for (String line : lines) {
            for (String secret : secrets) {
                if (line.contains(secret)) {
                    return line;
                }
            }
        }
        return null;
    }

    /** Stops capturing and puts the project's log level back. */
    @Override
    public void close() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).detachAppender(this);
        context.getLogger("org.crs").setLevel(before);
        stop();
    }
}
