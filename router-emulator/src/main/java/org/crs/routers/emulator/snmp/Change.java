package org.crs.routers.emulator.snmp;

import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** One change a SET makes to the device model, made at commit and reverted by undo. */
interface Change {

    void commit();

    /** Restores what {@link #commit()} overwrote. */
    void undo();

    /**
     * A change of one property computed from its value at commit time, so that several
     * varbinds of one request touching the same property build on each other.
     */
    static <T> Change updating(Supplier<T> current, Consumer<T> set, UnaryOperator<T> update) {
        return new Change() {
            private T old;

            @Override
            public void commit() {
                old = current.get();
                set.accept(update.apply(old));
            }

            @Override
            public void undo() {
                set.accept(old);
            }
        };
    }

    /** A change that sets one property to {@code value}. */
    static <T> Change setting(Supplier<T> current, Consumer<T> set, T value) {
        return updating(current, set, old -> value);
    }
}
