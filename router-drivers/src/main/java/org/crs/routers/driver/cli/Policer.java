package org.crs.routers.driver.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A single-rate policer as a value: rate, burst and actions, whatever the form IOS shows it
 * in. The drivers send {@code police 100000000 3125000 conform-action set-dscp-transmit 46
 * exceed-action drop}; IOS may show it back as
 *
 * <ul>
 *   <li>the same line;</li>
 *   <li>{@code police cir 100000000 bc 3125000 be 3125000 conform-action set-dscp-transmit ef
 *       exceed-action drop} (keywords added, an excess burst added, the DSCP by name);</li>
 *   <li>a block: {@code police cir 100000000 bc 3125000} followed by the indented lines
 *       {@code conform-action set-dscp-transmit ef} and {@code exceed-action drop}.</li>
 * </ul>
 *
 * All three parse to the same value, so the read-back compares meaning, not text.
 *
 * @param rateBps the committed rate in bit/s
 * @param burstBytes the committed burst in bytes, when given or shown
 * @param conformAction what conforming traffic gets, DSCP values as numbers
 *     ({@code set-dscp-transmit 46}); IOS's default is {@code transmit}
 * @param exceedAction what exceeding traffic gets; IOS's default is {@code drop}
 */
public record Policer(long rateBps, OptionalLong burstBytes, String conformAction, String exceedAction) {

    /** IOS's DSCP names (RFC 2474, 2597, 3246) and their values. */
    private static final Map<String, Integer> DSCP_NAMES = Map.ofEntries(
            Map.entry("default", 0), Map.entry("ef", 46),
            Map.entry("af11", 10), Map.entry("af12", 12), Map.entry("af13", 14),
            Map.entry("af21", 18), Map.entry("af22", 20), Map.entry("af23", 22),
            Map.entry("af31", 26), Map.entry("af32", 28), Map.entry("af33", 30),
            Map.entry("af41", 34), Map.entry("af42", 36), Map.entry("af43", 38),
            Map.entry("cs0", 0), Map.entry("cs1", 8), Map.entry("cs2", 16), Map.entry("cs3", 24),
            Map.entry("cs4", 32), Map.entry("cs5", 40), Map.entry("cs6", 48), Map.entry("cs7", 56));

    private static final String CONFORM = "conform-action";
    private static final String EXCEED = "exceed-action";
    private static final String VIOLATE = "violate-action";

    public Policer {
        Objects.requireNonNull(burstBytes, "burstBytes");
        conformAction = canonicalAction(Objects.requireNonNull(conformAction, "conformAction"));
        exceedAction = canonicalAction(Objects.requireNonNull(exceedAction, "exceedAction"));
    }

    /** A policer with a burst, as a driver asks for it. */
    public static Policer of(long rateBps, long burstBytes, String conformAction, String exceedAction) {
        return new Policer(rateBps, OptionalLong.of(burstBytes), conformAction, exceedAction);
    }

    /** A policer without a burst: IOS picks one (250 ms of the rate), which any value satisfies. */
    public static Policer withoutBurst(long rateBps, String conformAction, String exceedAction) {
        return new Policer(rateBps, OptionalLong.empty(), conformAction, exceedAction);
    }

    /**
     * The policer of a policy-map class, from the class's lines without indentation: the
     * {@code police ...} line and, in the block form, the action lines that follow it. Empty
     * when there is no {@code police} line or it cannot be read (another kind of policer,
     * such as a two-rate {@code pir} one, is not the one a driver sends).
     */
    public static Optional<Policer> parse(List<String> classLines) {
        List<String> words = new ArrayList<>();
        boolean inPolicer = false;
        for (String line : classLines) {
            List<String> w = List.of(line.strip().split("\\s+"));
            if (!inPolicer) {
                if (w.get(0).equals("police")) {
                    inPolicer = true;
                    words.addAll(w);
                }
            } else if (w.get(0).equals(CONFORM) || w.get(0).equals(EXCEED) || w.get(0).equals(VIOLATE)) {
                words.addAll(w);
            } else {
                break;
            }
        }
        return inPolicer ? fromWords(words) : Optional.empty();
    }

    /** One {@code police ...} line, single-line forms only. */
    public static Optional<Policer> parseLine(String line) {
        return parse(List.of(line));
    }

    private static Optional<Policer> fromWords(List<String> w) {
        int i = 1;
        Long rate = null;
        Long burst = null;
        try {
            if (i < w.size() && w.get(i).equals("cir")) {
                rate = Long.parseLong(w.get(i + 1));
                i += 2;
                while (i < w.size() && !isAction(w.get(i))) {
                    switch (w.get(i)) {
                        case "bc" -> burst = Long.parseLong(w.get(i + 1));
                        // The excess burst IOS adds is read (it must be a number) and left out:
                        // with exceed-action drop, a single-rate policer never uses it.
                        case "be" -> Long.parseLong(w.get(i + 1));
                        default -> {
                            // pir, rate, percent: another policer than the drivers send.
                            return Optional.empty();
                        }
                    }
                    i += 2;
                }
            } else {
                rate = Long.parseLong(w.get(i++));
                if (i < w.size() && isNumber(w.get(i))) {
                    burst = Long.parseLong(w.get(i++));
                    if (i < w.size() && isNumber(w.get(i))) {
                        i++; // the excess burst, which a single-rate policer with drop ignores
                    }
                }
            }
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
        String conform = "transmit";
        String exceed = "drop";
        while (i < w.size()) {
            String keyword = w.get(i++);
            if (!isAction(keyword)) {
                return Optional.empty();
            }
            List<String> action = new ArrayList<>();
            while (i < w.size() && !isAction(w.get(i))) {
                action.add(w.get(i++));
            }
            if (action.isEmpty()) {
                return Optional.empty();
            }
            if (keyword.equals(CONFORM)) {
                conform = String.join(" ", action);
            } else if (keyword.equals(EXCEED)) {
                exceed = String.join(" ", action);
            }
        }
        return Optional.of(new Policer(rate, burst == null ? OptionalLong.empty() : OptionalLong.of(burst),
                conform, exceed));
    }

    private static boolean isAction(String word) {
        return word.equals(CONFORM) || word.equals(EXCEED) || word.equals(VIOLATE);
    }

    private static boolean isNumber(String word) {
        return !word.isEmpty() && word.chars().allMatch(Character::isDigit);
    }

    /** {@code set-dscp-transmit ef} becomes {@code set-dscp-transmit 46}; other actions keep their words. */
    private static String canonicalAction(String action) {
        List<String> w = List.of(action.strip().toLowerCase(Locale.ROOT).split("\\s+"));
        if (w.size() == 2 && w.get(0).startsWith("set-dscp") && DSCP_NAMES.containsKey(w.get(1))) {
            return w.get(0) + " " + DSCP_NAMES.get(w.get(1));
        }
        return String.join(" ", w);
    }

    /**
     * True when this policer, as read from the router, does what {@code wanted} asks: the same
     * rate and actions, and the same burst when {@code wanted} names one.
     */
    public boolean satisfies(Policer wanted) {
        return rateBps == wanted.rateBps
                && conformAction.equals(wanted.conformAction)
                && exceedAction.equals(wanted.exceedAction)
                && (wanted.burstBytes.isEmpty() || burstBytes.equals(wanted.burstBytes));
    }

    @Override
    public String toString() {
        return "police " + rateBps + (burstBytes.isPresent() ? " burst " + burstBytes.getAsLong() : "")
                + " conform " + conformAction + " exceed " + exceedAction;
    }
}
