package org.crs.routers.driver.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Readers for the lines the 12000 driver verifies, as values rather than text: IOS may show
 * them with other spacing, keywords it adds, or numbers it assigns.
 */
public final class IosLines {

    private IosLines() {
    }

    /**
     * {@code xconnect <peer> <vc-id> [encapsulation mpls] [pw-class <name>]}.
     *
     * @param peer the far end's loopback
     * @param vcId the virtual circuit id
     * @param encapsulation {@code mpls}, or empty when the pseudowire-class sets it
     * @param pwClass the pseudowire-class, when named
     */
    public record Xconnect(String peer, long vcId, Optional<String> encapsulation, Optional<String> pwClass) {

        /** Reads an {@code xconnect} line; empty when the line is not one. */
        public static Optional<Xconnect> parse(String line) {
            String[] w = line.strip().split("\\s+");
            if (w.length < 3 || !w[0].equals("xconnect")) {
                return Optional.empty();
            }
            long vcId;
            try {
                vcId = Long.parseLong(w[2]);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            String encapsulation = null;
            String pwClass = null;
            for (int i = 3; i < w.length; i += 2) {
                if (i + 1 >= w.length) {
                    return Optional.empty();
                }
                switch (w[i]) {
                    case "encapsulation" -> encapsulation = w[i + 1];
                    case "pw-class" -> pwClass = w[i + 1];
                    default -> {
                        return Optional.empty();
                    }
                }
            }
            return Optional.of(new Xconnect(w[1], vcId, Optional.ofNullable(encapsulation),
                    Optional.ofNullable(pwClass)));
        }

        /**
         * True when this xconnect, as shown, is the MPLS pseudowire to {@code peer} with VC
         * {@code vcId} through {@code pwClass}: IOS may leave out {@code encapsulation mpls}
         * when the pseudowire-class carries it.
         */
        public boolean isMplsTo(String expectedPeer, long expectedVcId, String expectedPwClass) {
            return peer.equals(expectedPeer) && vcId == expectedVcId
                    && pwClass.equals(Optional.of(expectedPwClass))
                    && encapsulation.map("mpls"::equals).orElse(true);
        }
    }

    /** The bandwidth pool of a TE tunnel: sub-pool bandwidth is a different reservation. */
    public enum BandwidthPool {
        GLOBAL, SUB_POOL
    }

    /**
     * {@code tunnel mpls traffic-eng bandwidth [global|sub-pool] <kbps>}: IOS shows it with
     * two spaces before the number on some releases, or with the pool named.
     */
    public record TeBandwidth(BandwidthPool pool, long kbps) {

        private static final String PREFIX = "tunnel mpls traffic-eng bandwidth";

        /** Reads a bandwidth line; empty when the line is not one. */
        public static Optional<TeBandwidth> parse(String line) {
            String t = line.strip();
            if (!t.startsWith(PREFIX + " ")) {
                return Optional.empty();
            }
            String[] w = t.substring(PREFIX.length()).strip().split("\\s+");
            BandwidthPool pool = BandwidthPool.GLOBAL;
            int i = 0;
            if (w[0].equals("sub-pool")) {
                pool = BandwidthPool.SUB_POOL;
                i++;
            } else if (w[0].equals("global")) {
                i++;
            }
            if (i != w.length - 1) {
                return Optional.empty();
            }
            try {
                return Optional.of(new TeBandwidth(pool, Long.parseLong(w[i])));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        /** The first bandwidth line among a tunnel's lines. */
        public static Optional<TeBandwidth> in(List<String> trimmedLines) {
            return trimmedLines.stream().map(TeBandwidth::parse).flatMap(Optional::stream).findFirst();
        }
    }

    /**
     * The hops of an {@code ip explicit-path} block, in the order the path takes them: IOS
     * numbers the hops it is given ({@code index 1 next-address 10.0.0.5}) and orders them
     * by index. Strict hops only, as the drivers send: empty when a line is anything else
     * (a loose hop, an {@code exclude-address}), so the path is not taken for the one wanted.
     *
     * @param trimmedLines the block's lines without indentation
     */
    public static Optional<List<String>> explicitPathHops(List<String> trimmedLines) {
        Map<Integer, String> indexed = new TreeMap<>();
        List<String> unindexed = new ArrayList<>();
        for (String line : trimmedLines) {
            String[] w = line.strip().split("\\s+");
            int i = 0;
            Integer index = null;
            if (w[0].equals("index") && w.length > 1) {
                try {
                    index = Integer.parseInt(w[1]);
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
                i = 2;
            }
            if (i >= w.length || !w[i].equals("next-address")) {
                return Optional.empty();
            }
            i++;
            if (i < w.length && w[i].equals("strict")) {
                i++;
            }
            if (i != w.length - 1) {
                return Optional.empty();
            }
            if (index == null) {
                unindexed.add(w[i]);
            } else if (indexed.put(index, w[i]) != null) {
                return Optional.empty();
            }
        }
        if (!indexed.isEmpty() && !unindexed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(indexed.isEmpty() ? unindexed : List.copyOf(indexed.values()));
    }
}
