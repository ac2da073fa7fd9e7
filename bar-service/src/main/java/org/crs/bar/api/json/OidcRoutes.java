package org.crs.bar.api.json;

import java.util.List;
import java.util.Optional;

import org.crs.bar.account.Account;
import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.oidc.OidcRefused;
import org.crs.bar.service.OidcSignIn;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * Sign-in through the site's identity provider (OpenID Connect, authorization code with PKCE):
 * {@code /api/oidc/login} keeps the begun sign-in (state, nonce, code verifier), named by an
 * HttpOnly cookie, and sends the browser to the provider; {@code /api/oidc/callback} finishes it,
 * opens a session for the account the provider's identity maps to, and sends the browser back to
 * the page it came from. Begun sign-ins are kept in the BAR's database ({@link Sessions#begin})
 * for the provider's {@code pendingLifetime}, so the callback may reach another replica than the
 * login did.
 */
final class OidcRoutes {

    static final String PENDING_COOKIE = "CRS_OIDC";

    private final ApiParts parts;
    private final ApiRoutes routes;
    private final SessionRoutes sessions;

    OidcRoutes(ApiParts parts, ApiRoutes routes, SessionRoutes sessions) {
        this.parts = parts;
        this.routes = routes;
        this.sessions = sessions;
    }

    void addAll() {
        routes.add("GET", "/api/oidc/login", ApiRoutes.anyone(), "Starts a sign-in at the site's identity provider",
                List.of(ApiRoutes.text("returnTo", "the page to come back to (/)")), null, new Route.Response.Redirect(),
                this::login);
        routes.add("GET", "/api/oidc/callback", ApiRoutes.anyone(),
                "Where the identity provider sends the browser back: opens the session",
                List.of(ApiRoutes.text("code", ""), ApiRoutes.text("state", ""), ApiRoutes.text("error", "")), null,
                new Route.Response.Text("text/html"), this::callback);
    }

    private OidcSignIn provider() throws ApiError {
        return parts.oidc().orElseThrow(() -> ApiError.of(new Refusal(RefusalCode.POLICY, "",
                "this BAR has no identity provider configured: sign in with an account and password")));
    }

    private Answer login(Call call) throws Exception {
        OidcSignIn oidc = provider();
        AuthorizationRequest request = oidc.begin(call.query("returnTo").orElse("/"));
        String id = parts.sessions().begin(request, oidc.pendingLifetime());
        // Lax, not Strict: the provider's redirect back is a top-level GET from another site.
        call.response.addHeader("Set-Cookie", PENDING_COOKIE + "=" + id + "; Path=/api/oidc; HttpOnly; SameSite=Lax; Max-Age="
                + oidc.pendingLifetime().toSeconds() + (call.request.isSecure() ? "; Secure" : ""));
        return new Answer.Redirect(request.redirect().toString());
    }

    private Answer callback(Call call) throws Exception {
        OidcSignIn oidc = provider();
        Optional<String> id = JsonApi.cookie(call.request, PENDING_COOKIE);
        call.response.addHeader("Set-Cookie", PENDING_COOKIE + "=; Path=/api/oidc; HttpOnly; SameSite=Lax; Max-Age=0");
        Optional<AuthorizationRequest> taken = id.flatMap(parts.sessions()::take);
        if (taken.isEmpty()) {
            throw ApiError.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", "no sign-in of this browser is under way"
                    + " (or it took too long): start again"));
        }
        AuthorizationRequest request = taken.get();
        Optional<String> error = call.query("error");
        if (error.isPresent()) {
            throw ApiError.of(OidcRefused.providerAnswered(error.get()).refusal());
        }
        Account account = oidc.finish(request, call.query("code").orElse(""), call.query("state").orElse(""));
        Caller.Account caller = account.caller();
        sessions.openSession(call, caller);
        // A page, not a redirect: some browsers hold back a SameSite=Strict cookie on a redirect
        // chain that began at another site; a navigation from our own page carries it.
        String to = html(request.returnTo());
        return new Answer.Text("text/html", "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta http-equiv=\"refresh\" content=\"0;url=" + to + "\"><title>Signed in</title></head><body>"
                + "<p>Signed in as " + html(caller.name()) + ". <a href=\"" + to + "\">Continue</a></p></body></html>",
                Optional.empty());
    }

    private static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
