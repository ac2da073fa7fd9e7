package org.crs.domain.nsi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.domain.admission.VlanRange;
import org.crs.domain.vlan.VlanId;

/**
 * The VLAN label of an STP: a list of values and ascending ranges, as NSI writes it after
 * {@code ?vlan=} ({@code 1000-1010,1020}). A request may give several ("choose one"); a
 * confirmation gives exactly one.
 *
 * @param ranges ascending, not overlapping, at least one
 */
public record VlanLabels(List<VlanRange> ranges) {

    public VlanLabels {
        ranges = List.copyOf(ranges);
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("a VLAN label names at least one VLAN");
        }
        for (int i = 1; i < ranges.size(); i++) {
            if (ranges.get(i).first() <= ranges.get(i - 1).last()) {
                throw new IllegalArgumentException("VLAN label ranges must ascend without overlapping: "
                        + ranges.get(i - 1) + " then " + ranges.get(i));
            }
        }
    }

    /** A label of exactly one VLAN. */
    public static VlanLabels single(int vlan) {
        return new VlanLabels(List.of(new VlanRange(vlan, vlan)));
    }

    /** A label of one range. */
    public static VlanLabels of(VlanRange range) {
        return new VlanLabels(List.of(range));
    }

    /**
     * Reads {@code 1000-1010,1020}.
     *
     * @throws IllegalArgumentException naming what is wrong (not a number, outside 2..4094, a
     *     descending range, ranges out of order)
     */
    public static VlanLabels parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a VLAN label names at least one VLAN");
        }
        List<VlanRange> ranges = new ArrayList<>();
        for (String part : text.trim().split(",", -1)) {
            String p = part.trim();
            int dash = p.indexOf('-');
            int first = number(dash < 0 ? p : p.substring(0, dash), text);
            int last = dash < 0 ? first : number(p.substring(dash + 1), text);
            if (first < VlanId.MIN_CIRCUIT || last > VlanId.MAX || last < first) {
                throw new IllegalArgumentException("VLAN label " + text + ": " + p + " is not a VLAN or an ascending"
                        + " range of VLANs in " + VlanId.MIN_CIRCUIT + ".." + VlanId.MAX);
            }
            ranges.add(new VlanRange(first, last));
        }
        return new VlanLabels(ranges);
    }

    private static int number(String digits, String whole) {
        String d = digits.trim();
        if (d.isEmpty() || d.length() > 4 || !d.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("VLAN label " + whole + ": " + (d.isEmpty() ? "an empty value" : d)
                    + " is not a VLAN number");
        }
        return Integer.parseInt(d);
    }

    /** Whether {@code vlan} is one of the label's. */
    public boolean contains(int vlan) {
        return ranges.stream().anyMatch(r -> r.contains(vlan));
    }

    /** The one VLAN, when the label names exactly one. */
    public Optional<Integer> single() {
        return ranges.size() == 1 && ranges.get(0).first() == ranges.get(0).last()
                ? Optional.of(ranges.get(0).first()) : Optional.empty();
    }

    /** Whether every VLAN of this label is also one of {@code other}'s. */
    public boolean within(VlanLabels other) {
        return ranges.stream().allMatch(r -> other.ranges.stream().anyMatch(o -> o.first() <= r.first()
                && r.last() <= o.last()));
    }

    /** The VLANs both labels name, empty when none. */
    public Optional<VlanLabels> intersection(VlanLabels other) {
        List<VlanRange> common = new ArrayList<>();
        for (VlanRange a : ranges) {
            for (VlanRange b : other.ranges) {
                int first = Math.max(a.first(), b.first());
                int last = Math.min(a.last(), b.last());
                if (first <= last) {
                    common.add(new VlanRange(first, last));
                }
            }
        }
        common.sort((x, y) -> Integer.compare(x.first(), y.first()));
        return common.isEmpty() ? Optional.empty() : Optional.of(new VlanLabels(common));
    }

    /** As NSI writes it: {@code 1000-1010,1020}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (VlanRange r : ranges) {
            if (s.length() > 0) {
                s.append(',');
            }
            s.append(r.first() == r.last() ? Integer.toString(r.first()) : r.toString());
        }
        return s.toString();
    }
}
