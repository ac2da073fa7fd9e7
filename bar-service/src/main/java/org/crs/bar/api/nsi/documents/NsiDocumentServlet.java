package org.crs.bar.api.nsi.documents;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Serves one NSI document with {@code Content-Type: application/xml} and its version as
 * {@code Last-Modified}; a {@code GET} with an {@code If-Modified-Since} not older than it is
 * answered 304 (by {@link HttpServlet}, from {@link #getLastModified}), as peers poll these
 * documents. Until the BAR has published the document (it is made once the BAR knows the
 * address it listens on), 503 with {@code Retry-After}.
 */
public final class NsiDocumentServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    /** What this servlet sends as {@code Content-Type}. */
    public static final String CONTENT_TYPE = "application/xml; charset=UTF-8";

    private final transient Supplier<Optional<NsiDocument>> document;

    /** @param document the document, empty until published */
    public NsiDocumentServlet(Supplier<Optional<NsiDocument>> document) {
        this.document = Objects.requireNonNull(document, "document");
    }

    @Override
    protected long getLastModified(HttpServletRequest request) {
        return document.get().map(d -> d.version().toEpochMilli()).orElse(-1L);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Optional<NsiDocument> published = document.get();
        if (published.isEmpty()) {
            response.setHeader("Retry-After", "1");
            response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "the BAR is starting");
            return;
        }
        byte[] bytes = published.get().bytes();
        response.setContentType(CONTENT_TYPE);
        response.setHeader("Cache-Control", "no-cache");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
