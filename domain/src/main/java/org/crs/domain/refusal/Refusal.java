package org.crs.domain.refusal;

import java.util.Objects;

/**
 * A refusal as a value: what kind ({@link RefusalCode}), what it concerns, and what people
 * are told.
 *
 * @param code why, for programs
 * @param subject the resource, field or service it concerns, as {@link RefusalCode#subject()}
 *     says for the code; empty when none
 * @param message what is wrong, for people
 */
public record Refusal(RefusalCode code, String subject, String message) {

    public Refusal {
        Objects.requireNonNull(code, "code");
        subject = subject == null ? "" : subject;
        Objects.requireNonNull(message, "message");
    }

    /** A field of the request is wrong: {@link RefusalCode#BAD_FIELD} naming it. */
    public static Refusal badField(String field, String message) {
        return new Refusal(RefusalCode.BAD_FIELD, field, message);
    }

    /** The subject when it names a request field; empty otherwise. */
    public String field() {
        return code.subject() == RefusalCode.Subject.FIELD ? subject : "";
    }

    /** The subject when it names a resource; empty otherwise. */
    public String resource() {
        return code.subject() == RefusalCode.Subject.RESOURCE ? subject : "";
    }

    /** The same refusal with another message, for a caller that says more (or less). */
    public Refusal withMessage(String message) {
        return new Refusal(code, subject, message);
    }
}
