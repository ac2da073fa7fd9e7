package org.crs.domain.availability;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.path.PathFinder;
import org.crs.domain.topology.WanTopology;

/**
 * The all-slots answer the slow, obvious way, to check {@link SlotSearch} against: ask
 * {@link PathFinder} for a path at every whole-minute start of the query's window.
 */
public final class NaiveSlotSearch {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    private final PathFinder finder;

    public NaiveSlotSearch(WanTopology wan) {
        finder = new PathFinder(wan);
    }

    /** The whole-minute starts of the query at which PathFinder finds a path. */
    public List<Instant> feasibleMinuteStarts(String fromRouter, String toRouter,
            Map<String, BookingCalendar> calendars, SlotQuery query) {
        List<Instant> feasible = new ArrayList<>();
        for (Instant start : minuteStarts(query)) {
            if (finder.shortestPath(fromRouter, toRouter, query.mbps(), PathFinder.freeOver(calendars, query.at(start)))
                    .isPresent()) {
                feasible.add(start);
            }
        }
        return feasible;
    }

    /** The whole-minute starts of the query that are in {@code starts}. */
    public static List<Instant> minuteStartsIn(StartTimes starts, SlotQuery query) {
        return minuteStarts(query).stream().filter(starts::contains).toList();
    }

    private static List<Instant> minuteStarts(SlotQuery query) {
        List<Instant> starts = new ArrayList<>();
        // The earliest start rounded up to a whole minute.
        Instant first = query.earliestStart().plus(MINUTE).minusNanos(1).truncatedTo(ChronoUnit.MINUTES);
        for (Instant start = first; !start.isAfter(query.latestStart()); start = start.plus(MINUTE)) {
            starts.add(start);
        }
        return starts;
    }
}
