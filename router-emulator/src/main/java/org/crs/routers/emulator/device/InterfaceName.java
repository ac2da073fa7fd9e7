package org.crs.routers.emulator.device;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An interface name split into its type and number, for example {@code GigabitEthernet}
 * and {@code 3/0.1234}. Parses the abbreviations IOS accepts ({@code gi3/0}, {@code Te 2/1}).
 *
 * @param type the full type name, for example {@code GigabitEthernet}
 * @param number the slot/port and optional {@code .subinterface}, for example {@code 1/1}
 */
public record InterfaceName(String type, String number) implements Comparable<InterfaceName> {

    /** Every interface type the emulator knows, in IOS's running-config order. */
    public static final List<String> TYPES = List.of(
            "Loopback", "Tunnel", "FastEthernet", "GigabitEthernet", "TenGigabitEthernet", "POS", "Vlan");

    private static final Pattern NUMBER = Pattern.compile("\\d+(/\\d+)*(\\.\\d+)?");
    private static final Pattern SPLIT = Pattern.compile("^([A-Za-z][A-Za-z-]*)\\s*(\\S*)$");

    /** The full name, for example {@code GigabitEthernet1/1}. */
    public String full() {
        return type + number;
    }

    @Override
    public String toString() {
        return full();
    }

    /** True for a subinterface such as {@code GigabitEthernet3/0.1234}. */
    public boolean isSubinterface() {
        return number.contains(".");
    }

    /** For {@code GigabitEthernet3/0.1234}, {@code GigabitEthernet3/0}. */
    public InterfaceName parent() {
        int dot = number.indexOf('.');
        return dot < 0 ? this : new InterfaceName(type, number.substring(0, dot));
    }

    /** For {@code GigabitEthernet3/0.1234}, 1234; -1 when not a subinterface. */
    public long subinterfaceNumber() {
        int dot = number.indexOf('.');
        return dot < 0 ? -1 : Long.parseLong(number.substring(dot + 1));
    }

    /** Physical ports (Ethernet, POS), as opposed to logical ones (Loopback, Tunnel, Vlan). */
    public boolean isPhysical() {
        return type.endsWith("Ethernet") || type.equals("POS");
    }

    /**
     * Resolves an abbreviated type ({@code gi}, {@code te}, {@code tu}) to the full type.
     *
     * @return the full type, or empty when none or more than one type starts with it
     */
    public static Optional<String> resolveType(String abbreviation) {
        String a = abbreviation.toLowerCase(Locale.ROOT);
        List<String> hits = TYPES.stream().filter(t -> t.toLowerCase(Locale.ROOT).startsWith(a)).toList();
        if (hits.size() == 1) {
            return Optional.of(hits.get(0));
        }
        return hits.stream().filter(t -> t.equalsIgnoreCase(a)).findFirst();
    }

    /** True when {@code text} is a well-formed interface number such as {@code 1/1} or {@code 3/0.5}. */
    public static boolean isNumber(String text) {
        return NUMBER.matcher(text).matches();
    }

    /**
     * Parses a written interface name such as {@code Gi1/1} or {@code TenGigabitEthernet2/1}.
     *
     * @throws IllegalArgumentException when the name is not a valid interface name
     */
    public static InterfaceName parse(String text) {
        Matcher m = SPLIT.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not an interface name: " + text);
        }
        String type = resolveType(m.group(1))
                .orElseThrow(() -> new IllegalArgumentException("unknown interface type in " + text));
        if (!isNumber(m.group(2))) {
            throw new IllegalArgumentException("bad interface number in " + text);
        }
        return new InterfaceName(type, m.group(2));
    }

    private static final Comparator<InterfaceName> ORDER = Comparator
            .comparingInt((InterfaceName n) -> rank(n.type))
            .thenComparing(InterfaceName::numberKey, InterfaceName::compareNumbers)
            .thenComparing(n -> TYPES.indexOf(n.type));

    @Override
    public int compareTo(InterfaceName other) {
        return ORDER.compare(this, other);
    }

    // IOS lists Loopbacks, then Tunnels, then physical ports by slot/port whatever their speed, then SVIs.
    private static int rank(String type) {
        return switch (type) {
            case "Loopback" -> 0;
            case "Tunnel" -> 1;
            case "Vlan" -> 3;
            default -> 2;
        };
    }

    private String numberKey() {
        return number;
    }

    private static int compareNumbers(String a, String b) {
        String[] x = a.split("[/.]");
        String[] y = b.split("[/.]");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i]));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }
}
