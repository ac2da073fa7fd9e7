package org.crs.routers.emulator.snmp;

import java.nio.charset.StandardCharsets;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.SMIConstants;
import org.snmp4j.smi.Variable;

/** A SET varbind refused with an SNMP error status ({@link PDU#wrongValue} and friends); nothing changes. */
final class SetError extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;

    SetError(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }

    /** The value of an INTEGER varbind, or wrongType. */
    static int integer(Variable value) throws SetError {
        if (value.getSyntax() != SMIConstants.SYNTAX_INTEGER32) {
            throw new SetError(PDU.wrongType, "expected an INTEGER, got " + value.getSyntaxString());
        }
        return ((Integer32) value).getValue();
    }

    /** The value of an OCTET STRING varbind whose length is within bounds, or wrongType / wrongLength. */
    static OctetString octets(Variable value, int minLength, int maxLength) throws SetError {
        if (value.getSyntax() != SMIConstants.SYNTAX_OCTET_STRING) {
            throw new SetError(PDU.wrongType, "expected an OCTET STRING, got " + value.getSyntaxString());
        }
        OctetString octets = (OctetString) value;
        if (octets.length() < minLength || octets.length() > maxLength) {
            throw new SetError(PDU.wrongLength, "length must be " + minLength + ".." + maxLength);
        }
        return octets;
    }

    /** The value of a DisplayString varbind: printable ASCII within bounds, or wrongType / wrongLength / wrongValue. */
    static String displayString(Variable value, int minLength, int maxLength) throws SetError {
        OctetString octets = octets(value, minLength, maxLength);
        for (byte b : octets.getValue()) {
            if (b < 32 || b > 126) {
                throw new SetError(PDU.wrongValue, "not a printable string");
            }
        }
        return new String(octets.getValue(), StandardCharsets.US_ASCII);
    }
}
