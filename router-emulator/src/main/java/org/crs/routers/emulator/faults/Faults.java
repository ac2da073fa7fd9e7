package org.crs.routers.emulator.faults;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Faults to inject into one emulated router, so tests can show that drivers fail cleanly:
 * refused logins, dropped connections, slow answers, rejected commands, lost SNMP requests.
 * Each fault fires a set number of times and then disarms itself. Thread-safe.
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
