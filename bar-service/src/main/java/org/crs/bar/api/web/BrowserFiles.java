package org.crs.bar.api.web;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Serves the reservation browser at the BAR's root URL from the class path folder
 * {@value #FOLDER} (the reservation-browser module's jar): {@code /} is its index.html, every
 * other path a file of it, never a path outside it. The pages reach the BAR only through its
 * JSON API, so the content security policy allows nothing but this origin.
 */
public final class BrowserFiles extends HttpServlet {

    private static final long serialVersionUID = 1L;
    /** Where the built pages are on the class path. */
    public static final String FOLDER = "META-INF/crs-browser/";
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=UTF-8", "js",
            "text/javascript; charset=UTF-8", "css", "text/css; charset=UTF-8", "svg", "image/svg+xml", "png", "image/png",
            "ico", "image/x-icon", "json", "application/json", "txt", "text/plain; charset=UTF-8", "webmanifest",
            "application/manifest+json");
    private static final String POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = Optional.ofNullable(request.getServletPath()).orElse("")
                + Optional.ofNullable(request.getPathInfo()).orElse("");
        if (path.isEmpty() || path.equals("/")) {
            path = "/index.html";
        }
        if (path.contains("..") || path.contains("\\") || path.contains("//")) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String name = path.substring(1);
        ClassLoader loader = BrowserFiles.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                notFound(response, name, loader);
                return;
            }
            byte[] bytes = in.readAllBytes();
            String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
            response.setContentType(TYPES.getOrDefault(extension, "application/octet-stream"));
            // Vite names assets by their content: they never change under a name.
            response.setHeader("Cache-Control", name.startsWith("assets/") ? "public, max-age=31536000, immutable"
                    : "no-cache");
            headers(response);
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        }
    }

    private static void notFound(HttpServletResponse response, String name, ClassLoader loader) throws IOException {
        boolean built = loader.getResource(FOLDER + "index.html") != null;
        String text = built ? "Not found: /" + name
                : "The reservation browser is not built into this BAR: build it with mvn -pl reservation-browser package.";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        response.setContentType("text/plain; charset=UTF-8");
        headers(response);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static void headers(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        // a calendar feed URL carries a secret: it must not leave in a Referer
        response.setHeader("Referrer-Policy", "no-referrer");
    }
}
