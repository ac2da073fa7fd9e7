package org.crs.nsap.activation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/** A small thread-safe list. */
final class Bag<T> {
    private final ConcurrentLinkedQueue<T> items = new ConcurrentLinkedQueue<>();

    void add(T item) {
        items.add(item);
    }

    List<T> items() {
        return new ArrayList<>(items);
    }

    List<T> drain() {
        List<T> out = new ArrayList<>();
        T t;
        while ((t = items.poll()) != null) {
            out.add(t);
        }
        return out;
    }
}
