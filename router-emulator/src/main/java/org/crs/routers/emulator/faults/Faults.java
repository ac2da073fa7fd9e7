package org.crs.routers.emulator.faults;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Faults to inject into one emulated router, so tests can show that drivers fail cleanly:
 * refused logins, dropped connections, slow answers, rejected commands, lost SNMP requests.
 * Some are not faults of the router but answers some IOS releases give and drivers must
 * cope with: a command refused without a {@code %} line ({@code Command rejected: ...}, or
 * nothing at all), {@code terminal length 0} refused (long answers then come in
 * {@code --More--} pages), a save that asks for confirmation, a slow save.
 * Each fires a set number of times and then disarms itself. Thread-safe.
 */
public final class Faults {

    private int loginRefusals;
    private int dropAfterCommands = -1;
    private int drops;
    private Duration delay = Duration.ZERO;
    private int slowAnswers;
    private Pattern rejectedCommand;
    private int rejections;
    private String rejectedOidPrefix;
    private int snmpSetRejections;
    private int snmpDrops;
    private LineRule rejectedWithoutPercent;
    private LineRule ignored;
    private int terminalLengthRefusals;
    private int saveConfirmations;
    private Duration saveDelay = Duration.ZERO;
    private int slowSaves;

    /** Lines matching a pattern, affected a set number of times. */
    private static final class LineRule {
        final Pattern pattern;
        int remaining;

        LineRule(String regex, int times) {
            this.pattern = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
            this.remaining = times;
        }

        boolean take(String line) {
            if (remaining > 0 && pattern.matcher(line.trim()).matches()) {
                remaining--;
                return true;
            }
            return false;
        }
    }

    /** Refuses the next {@code times} SSH logins even with the right password. */
    public synchronized Faults refuseLogin(int times) {
        loginRefusals = times;
        return this;
    }

    /**
     * Drops the SSH connection of the next {@code times} sessions that reach {@code commands}
     * command lines: the line after the last allowed one gets no answer, the connection closes.
     */
    public synchronized Faults dropConnectionAfterCommands(int commands, int times) {
        dropAfterCommands = commands;
        drops = times;
        return this;
    }

    /** Delays the next {@code answers} CLI answers or SNMP responses by {@code delay} each. */
    public synchronized Faults slowResponses(Duration delay, int answers) {
        this.delay = delay;
        this.slowAnswers = answers;
        return this;
    }

    /**
     * Rejects the next {@code times} CLI lines matching {@code regex} (whole line, case-insensitive)
     * with IOS's invalid-input error, without applying them.
     */
    public synchronized Faults rejectCommand(String regex, int times) {
        rejectedCommand = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
        rejections = times;
        return this;
    }

    /**
     * Refuses the next {@code times} CLI lines matching {@code regex} (whole line,
     * case-insensitive) the way some releases do, without a {@code %} line: the answer is
     * {@code Command rejected: ...}, nothing is applied and the mode stays as it was.
     */
    public synchronized Faults rejectCommandWithoutPercent(String regex, int times) {
        rejectedWithoutPercent = new LineRule(regex, times);
        return this;
    }

    /**
     * Ignores the next {@code times} CLI lines matching {@code regex}: the router prints
     * nothing, applies nothing and stays in the mode it was in (a mode-changing command such
     * as {@code policy-map X} leaves the prompt where it was).
     */
    public synchronized Faults ignoreCommand(String regex, int times) {
        ignored = new LineRule(regex, times);
        return this;
    }

    /**
     * Refuses {@code terminal length} in the next {@code times} sessions that send it, with
     * IOS's invalid-input error: those sessions keep the default length of 24 lines, and
     * every longer answer comes in pages ending in {@code  --More-- }.
     */
    public synchronized Faults refuseTerminalLength(int times) {
        terminalLengthRefusals = times;
        return this;
    }

    /**
     * Makes the next {@code times} saves ({@code write memory}, {@code copy running-config
     * startup-config}) warn that NVRAM holds a configuration written by another image and
     * ask {@code Overwrite the previous NVRAM configuration?[confirm]} before saving, as IOS
     * does after an image upgrade.
     */
    public synchronized Faults confirmSaves(int times) {
        saveConfirmations = times;
        return this;
    }

    /**
     * Makes the next {@code times} saves take {@code delay} between
     * {@code Building configuration...} and {@code [OK]}, as a save of a large configuration
     * to NVRAM or flash does.
     */
    public synchronized Faults slowSaves(Duration delay, int times) {
        this.saveDelay = delay;
        this.slowSaves = times;
        return this;
    }

    /** Fails the next {@code times} SNMP sets touching an OID under {@code oidPrefix} with commitFailed. */
    public synchronized Faults rejectSnmpSet(String oidPrefix, int times) {
        rejectedOidPrefix = oidPrefix;
        snmpSetRejections = times;
        return this;
    }

    /** Ignores the next {@code requests} SNMP requests, as a router under load or behind a lossy link would. */
    public synchronized Faults dropSnmpRequests(int requests) {
        snmpDrops = requests;
        return this;
    }

    /** Disarms every fault. */
    public synchronized Faults clear() {
        loginRefusals = 0;
        dropAfterCommands = -1;
        drops = 0;
        delay = Duration.ZERO;
        slowAnswers = 0;
        rejectedCommand = null;
        rejections = 0;
        rejectedOidPrefix = null;
        snmpSetRejections = 0;
        snmpDrops = 0;
        rejectedWithoutPercent = null;
        ignored = null;
        terminalLengthRefusals = 0;
        saveConfirmations = 0;
        saveDelay = Duration.ZERO;
        slowSaves = 0;
        return this;
    }

    /** Consumes one login refusal if armed. */
    public synchronized boolean takeLoginRefusal() {
        if (loginRefusals > 0) {
            loginRefusals--;
            return true;
        }
        return false;
    }

    /**
     * Called before a session executes its command number {@code commandsSoFar + 1}; consumes
     * one drop and returns true when the connection must close instead.
     */
    public synchronized boolean takeDrop(int commandsSoFar) {
        if (drops > 0 && dropAfterCommands >= 0 && commandsSoFar >= dropAfterCommands) {
            drops--;
            return true;
        }
        return false;
    }

    /** The delay to apply to the next answer, consuming one slow answer; zero when not armed. */
    public synchronized Duration takeDelay() {
        if (slowAnswers > 0) {
            slowAnswers--;
            return delay;
        }
        return Duration.ZERO;
    }

    /** Consumes one rejection if {@code line} matches the rejected command. */
    public synchronized boolean takeRejection(String line) {
        if (rejections > 0 && rejectedCommand != null && rejectedCommand.matcher(line.trim()).matches()) {
            rejections--;
            return true;
        }
        return false;
    }

    /** Consumes one refusal without {@code %} if {@code line} matches. */
    public synchronized boolean takeRejectionWithoutPercent(String line) {
        return rejectedWithoutPercent != null && rejectedWithoutPercent.take(line);
    }

    /** Consumes one silently ignored line if {@code line} matches. */
    public synchronized boolean takeIgnored(String line) {
        return ignored != null && ignored.take(line);
    }

    /** Consumes one refusal of {@code terminal length} if armed and {@code line} sets it. */
    public synchronized boolean takeTerminalLengthRefusal(String line) {
        if (terminalLengthRefusals > 0 && line.trim().toLowerCase(Locale.ROOT).matches("term\\S*\\s+len\\S*.*")) {
            terminalLengthRefusals--;
            return true;
        }
        return false;
    }

    /** Consumes one save confirmation if armed. */
    public synchronized boolean takeSaveConfirmation() {
        if (saveConfirmations > 0) {
            saveConfirmations--;
            return true;
        }
        return false;
    }

    /** The time the next save takes, consuming one slow save; zero when not armed. */
    public synchronized Duration takeSaveDelay() {
        if (slowSaves > 0) {
            slowSaves--;
            return saveDelay;
        }
        return Duration.ZERO;
    }

    /** Consumes one SNMP set rejection if {@code oid} is under the rejected prefix. */
    public synchronized boolean takeSnmpSetRejection(String oid) {
        if (snmpSetRejections > 0 && rejectedOidPrefix != null
                && (oid.equals(rejectedOidPrefix) || oid.startsWith(rejectedOidPrefix + "."))) {
            snmpSetRejections--;
            return true;
        }
        return false;
    }

    /** Consumes one SNMP drop if armed. */
    public synchronized boolean takeSnmpDrop() {
        if (snmpDrops > 0) {
            snmpDrops--;
            return true;
        }
        return false;
    }
}
