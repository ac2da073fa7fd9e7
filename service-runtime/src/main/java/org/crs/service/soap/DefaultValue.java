package org.crs.service.soap;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an operation parameter of a primitive type ({@code long}, {@code int}, {@code boolean})
 * as optional on the wire, with the value it takes when the element is absent:
 * {@code boolean holdOnly} becomes {@code @DefaultValue("false") boolean holdOnly}.
 *
 * <p>Axis2 makes every primitive parameter a required element (minOccurs 1); {@link SoapServer}
 * publishes an annotated one with minOccurs 0, and its message receiver passes the default when
 * the element is missing. A missing primitive parameter without this annotation is refused with
 * a Client fault naming it. Parameters of reference types (String, Calendar, beans) are optional
 * already, and arrive as {@code null} when absent.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface DefaultValue {

    /** The value in its XML Schema form, e.g. {@code "false"} or {@code "0"}. */
    String value();
}
