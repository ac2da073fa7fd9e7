package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

import org.crs.bar.account.SignIn;
import org.crs.bar.api.json.Route.Response;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * Signing in with a password, asking who is signed in, signing out. Asking is answered whoever
 * asks: the account signed in with this session or by the request's credentials, or 204 when none
 * is (a browser's first page asks before anyone has signed in, and that is no error).
 */
final class SessionRoutes {

    private final ApiParts parts;
    private final ApiRoutes routes;

    SessionRoutes(ApiParts parts, ApiRoutes routes) {
        this.parts = parts;
        this.routes = routes;
    }

    void addAll() {
        routes.add("POST", "/api/session", ApiRoutes.anyone(),
                "Signs in with an account and password; sets the session cookie", List.of(), "SignIn",
                ApiRoutes.json("Me"), this::signIn);
        routes.add("GET", "/api/session", ApiRoutes.anyone(),
                "Who is signed in with this session", List.of(), null, ApiRoutes.json("Me"),
                this::me);
        routes.add("DELETE", "/api/session", ApiRoutes.anyone(), "Signs out", List.of(), null, new Response.Empty(),
                this::signOut);
    }

    private Answer signIn(Call call) throws ApiError {
        String account = Json.requiredText(call.body(), "account");
        String password = Json.requiredText(call.body(), "password");
        SignIn signIn = parts.accounts().withPassword(account, password, call.context.address());
        if (signIn instanceof SignIn.Throttled throttled) {
            throw ApiError.throttled(throttled.pause());
        }
        if (!(signIn instanceof SignIn.Known known) || !(known.caller() instanceof Caller.Account caller)) {
            throw ApiError.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", "the account or the password is wrong"));
        }
        return Answer.ok(openSession(call, caller));
    }

    /** Opens a session for an account signed in by password or by the identity provider; sets its cookie. */
    ObjectNode openSession(Call call, Caller.Account caller) {
        Sessions.Opened opened = parts.sessions().open(caller.name());
        StringBuilder cookie = new StringBuilder(Sessions.COOKIE).append('=').append(opened.cookieValue())
                .append("; Path=/; HttpOnly; SameSite=Strict; Max-Age=").append(Sessions.LIFETIME.toSeconds());
        if (call.request.isSecure()) {
            cookie.append("; Secure");
        }
        call.response.addHeader("Set-Cookie", cookie.toString());
        return me(caller, opened.session().csrfToken());
    }

    /**
     * The account of the session; else the account the request's own credentials sign in (HTTP
     * Basic, a token, a certificate), which needs no CSRF token; else 204: nobody.
     */
    private Answer me(Call call) {
        Optional<Sessions.Session> session = JsonApi.sessionCookie(call.request).flatMap(parts.sessions()::find);
        if (session.isPresent() && parts.accounts().signedIn(session.get().account()) instanceof SignIn.Known known
                && known.caller() instanceof Caller.Account caller) {
            return Answer.ok(me(caller, session.get().csrfToken()));
        }
        if (call.caller() instanceof Caller.Account byCredentials) {
            return Answer.ok(me(byCredentials, ""));
        }
        return new Answer.NoContent();
    }

    private ObjectNode me(Caller.Account caller, String csrfToken) {
        ObjectNode me = Json.object();
        me.put("account", caller.name());
        me.put("role", caller.role().name());
        ArrayNode groups = me.putArray("groups");
        caller.groups().forEach(g -> groups.add(g.group()));
        me.put("site", parts.site());
        me.put("csrfToken", csrfToken);
        return me;
    }

    private Answer signOut(Call call) {
        JsonApi.sessionCookie(call.request).ifPresent(parts.sessions()::close);
        call.response.addHeader("Set-Cookie", Sessions.COOKIE + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
        return new Answer.NoContent();
    }
}
