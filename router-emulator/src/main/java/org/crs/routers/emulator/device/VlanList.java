package org.crs.routers.emulator.device;

import java.util.BitSet;

/** IOS VLAN lists such as {@code 10,20-30,1234}: parsing and writing. */
public final class VlanList {

    private VlanList() {
    }

    /** Writes a set of VLANs as IOS does: ascending, runs of three or more as ranges. */
    public static String format(BitSet vlans) {
        if (vlans.isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        int v = vlans.nextSetBit(0);
        while (v >= 0) {
            int end = vlans.nextClearBit(v) - 1;
            if (b.length() > 0) {
                b.append(',');
            }
            if (end == v) {
                b.append(v);
            } else if (end == v + 1) {
                b.append(v).append(',').append(end);
            } else {
                b.append(v).append('-').append(end);
            }
            v = vlans.nextSetBit(end + 1);
        }
        return b.toString();
    }

    /**
     * Parses a VLAN list.
     *
     * @throws BadVlanList naming the character position (1-based) that ends a bad number,
     *     as Catalyst IOS reports it
     */
    public static BitSet parse(String text) throws BadVlanList {
        BitSet result = new BitSet();
        int pos = 0;
        int n = text.length();
        while (pos < n) {
            int start = pos;
            while (pos < n && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (pos == start) {
                throw new BadVlanList(pos + 1, "is not a VLAN number");
            }
            int from = number(text, start, pos);
            int to = from;
            if (pos < n && text.charAt(pos) == '-') {
                pos++;
                int s2 = pos;
                while (pos < n && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
                if (pos == s2) {
                    throw new BadVlanList(pos + 1, "is not a VLAN number");
                }
                to = number(text, s2, pos);
                if (to < from) {
                    throw new BadVlanList(pos + 1, "ends a range that is not ascending");
                }
            }
            result.set(from, to + 1);
            if (pos < n) {
                if (text.charAt(pos) != ',') {
                    throw new BadVlanList(pos + 1, "is not a valid delimiter");
                }
                pos++;
            }
        }
        return result;
    }

    private static int number(String text, int start, int end) throws BadVlanList {
        long value = Long.parseLong(text.substring(start, Math.min(end, start + 10)));
        if (value < Vlan.MIN || value > Vlan.MAX) {
            throw new BadVlanList(end + 1, "delimits a VLAN number which is out of the range 1..4094");
        }
        return (int) value;
    }

    /** A VLAN list IOS would reject, with the 1-based character position it would name. */
    public static final class BadVlanList extends Exception {
        private static final long serialVersionUID = 1L;
        private final int position;

        BadVlanList(int position, String problem) {
            super(problem);
            this.position = position;
        }

        /**
         * Catalyst's wording, for example
         * {@code Command rejected: Bad VLAN list - character #5 (EOL) delimits a VLAN number which is out of the range 1..4094.}
         */
        public String iosMessage(String list) {
            String where = position > list.length() ? "#" + position + " (EOL)" : "#" + position + " ('" + list.charAt(position - 1) + "')";
            return "Command rejected: Bad VLAN list - character " + where + " " + getMessage() + ".";
        }
    }
}
