package org.crs.nsap.port;

import java.util.List;

import org.crs.domain.admission.Resource;

/** The resources a service books and their calendars, as reads outside admission see them. */
public interface CalendarStore {

    /** Creates the resource rows that do not exist yet and updates capacities of those that do. */
    void registerResources(List<Resource> resources);

    /**
     * The calendars as they are committed now, for reads outside admission (a search for free
     * slots, a view of availability): every read runs on its own and locks nothing. Admission
     * reads its calendars under its locks instead, in {@link BookingStore#hold} and
     * {@link ChangeStore#holdChange}.
     */
    CalendarSource committedCalendars();
}
