package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.crs.bar.api.json.answer.AuditArgumentJson;
import org.crs.bar.api.json.answer.AuditEntryJson;
import org.crs.bar.api.json.answer.AuditVerificationJson;
import org.crs.bar.api.json.answer.AvailabilityJson;
import org.crs.bar.api.json.answer.HistoryEntryJson;
import org.crs.bar.api.json.answer.MaintenanceWindowJson;
import org.crs.bar.api.json.answer.ReservationJson;
import org.crs.bar.api.json.answer.SegmentJson;
import org.crs.bar.api.json.answer.SegmentUtilisationJson;
import org.crs.bar.api.json.answer.StartWindowJson;
import org.crs.bar.api.json.answer.UtilisationJson;
import org.crs.bar.api.json.answer.UtilisationSampleJson;

/**
 * The OpenAPI 3.0 document of the JSON API, made from the routes themselves (so it cannot miss
 * one) and from the records they answer (so a schema cannot drift from what is written): the
 * records of {@code api.json.answer} by their components, the browser's own answers by hand below. The published
 * copy, schema/openapi/bar-api.json, is compared with it by a test.
 */
final class OpenApi {

    /** The answer records and their schemas' names: each record's name without its {@code Json}. */
    private static final List<Class<? extends Record>> ANSWERS = List.of(ReservationJson.class, SegmentJson.class,
            HistoryEntryJson.class, AvailabilityJson.class, StartWindowJson.class, MaintenanceWindowJson.class,
            AuditEntryJson.class, AuditArgumentJson.class, AuditVerificationJson.class, UtilisationJson.class,
            SegmentUtilisationJson.class, UtilisationSampleJson.class);

    private OpenApi() {
    }

    static ObjectNode document(List<Route> routes) {
        ObjectNode doc = Json.object();
        doc.put("openapi", "3.0.3");
        ObjectNode info = doc.putObject("info");
        info.put("title", "CRS BAR JSON API");
        info.put("version", "1");
        info.put("description", "Book, watch and operate lightpaths at one site's BAR. The same operations as the"
                + " SOAP port types at /services, under the same access rules; docs/json-api.md has examples.");
        ObjectNode paths = doc.putObject("paths");
        for (Route r : routes) {
            ObjectNode path = paths.has(r.path()) ? (ObjectNode) paths.get(r.path()) : paths.putObject(r.path());
            path.set(r.method().toLowerCase(Locale.ROOT), operation(r));
        }
        ObjectNode components = doc.putObject("components");
        ObjectNode schemes = components.putObject("securitySchemes");
        schemes.putObject("basic").put("type", "http").put("scheme", "basic");
        schemes.putObject("bearer").put("type", "http").put("scheme", "bearer");
        schemes.putObject("session").put("type", "apiKey").put("in", "cookie").put("name", Sessions.COOKIE);
        ObjectNode schemas = components.putObject("schemas");
        ANSWERS.stream().sorted(Comparator.comparing(OpenApi::name)).forEach(a -> schemas.set(name(a), answer(a)));
        own(schemas);
        return doc;
    }

    private static ObjectNode operation(Route r) {
        ObjectNode op = Json.object();
        op.put("operationId", operationId(r));
        op.put("summary", r.summary());
        ArrayNode security = op.putArray("security");
        if (r.guard() instanceof Route.Guard.Table table) {
            op.put("description", "Access: " + table.operation() + " in the authorisation table (docs/security.md).");
            op.put("x-crs-access", table.operation().toString());
            security.addObject().putArray("basic");
            security.addObject().putArray("bearer");
            security.addObject().putArray("session");
        } else {
            op.put("description", "Access: anyone.");
            op.put("x-crs-access", "anyone");
            security.addObject(); // none needed
        }
        ArrayNode params = op.putArray("parameters");
        for (String name : r.pathParams()) {
            ObjectNode p = params.addObject();
            p.put("name", name).put("in", "path").put("required", true);
            p.putObject("schema").put("type", "string").put("minLength", 1);
        }
        for (Route.Param q : r.query()) {
            ObjectNode p = params.addObject();
            p.put("name", q.name()).put("in", "query").put("required", false);
            if (!q.description().isEmpty()) {
                p.put("description", q.description());
            }
            ObjectNode schema = scalar(q.type());
            if (q.repeated()) {
                ObjectNode array = Json.object();
                array.put("type", "array");
                array.set("items", schema);
                p.set("schema", array);
                p.put("style", "form").put("explode", true);
            } else {
                p.set("schema", schema);
            }
        }
        if (params.isEmpty()) {
            op.remove("parameters");
        }
        r.requestSchema().ifPresent(s -> {
            ObjectNode body = op.putObject("requestBody");
            body.put("required", !"Empty".equals(s) && !"Reason".equals(s));
            body.putObject("content").putObject("application/json").putObject("schema").put("$ref", ref(s));
        });
        ObjectNode responses = op.putObject("responses");
        Route.Response response = r.response();
        if (response instanceof Route.Response.Json json) {
            ObjectNode ok = responses.putObject(Integer.toString(json.status()));
            ok.put("description", "done");
            ok.putObject("content").putObject("application/json").putObject("schema").put("$ref", ref(json.schema()));
        } else if (response instanceof Route.Response.Text text) {
            ObjectNode ok = responses.putObject("200");
            ok.put("description", "done");
            ok.putObject("content").putObject(text.mediaType()).putObject("schema").put("type", "string");
        } else if (response instanceof Route.Response.Empty) {
            responses.putObject("204").put("description", "done");
        } else if (response instanceof Route.Response.Redirect) {
            responses.putObject("302").put("description", "to the address in Location");
        } else if (response instanceof Route.Response.EventStream) {
            ObjectNode ok = responses.putObject("200");
            ok.put("description", "a stream of events, each 'event: reservation' with a Reservation as its data");
            ok.putObject("content").putObject("text/event-stream").putObject("schema").put("type", "string");
        }
        ObjectNode error = responses.putObject("default");
        error.put("description", "refused or failed: the code, the field and the reason");
        error.putObject("content").putObject("application/json").putObject("schema").put("$ref", ref("Error"));
        return op;
    }

    private static String operationId(Route r) {
        StringBuilder id = new StringBuilder(r.method().toLowerCase(Locale.ROOT));
        for (String part : r.path().substring("/api/".length()).split("[/.{}-]")) {
            if (!part.isEmpty()) {
                id.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return id.toString();
    }

    private static String ref(String schema) {
        return "#/components/schemas/" + schema;
    }

    private static ObjectNode scalar(Route.Param.Type type) {
        ObjectNode s = Json.object();
        switch (type) {
            case STRING -> s.put("type", "string");
            case INTEGER -> s.put("type", "integer").put("format", "int64");
            case BOOLEAN -> s.put("type", "boolean");
            case DATE_TIME -> s.put("type", "string").put("format", "date-time");
        }
        return s;
    }

    private static String name(Class<?> answer) {
        return answer.getSimpleName().substring(0, answer.getSimpleName().length() - "Json".length());
    }

    /**
     * A record's schema from its components, as Jackson writes it (absent values left out). The
     * properties are in the order of their bean getters' names ({@code getX} before {@code isX}), the
     * order the published document has always had.
     */
    private static ObjectNode answer(Class<? extends Record> type) {
        ObjectNode schema = Json.object();
        schema.put("type", "object");
        ObjectNode props = schema.putObject("properties");
        Arrays.stream(type.getRecordComponents())
                .sorted(Comparator.comparing(OpenApi::getterName))
                .forEach(c -> props.set(c.getName(), typeOf(c.getGenericType())));
        return schema;
    }

    private static String getterName(RecordComponent c) {
        return (c.getType() == boolean.class ? "is" : "get") + Character.toUpperCase(c.getName().charAt(0))
                + c.getName().substring(1);
    }

    private static JsonNode typeOf(Type t) {
        ObjectNode s = Json.object();
        if (t instanceof ParameterizedType p && p.getRawType() == List.class) {
            s.put("type", "array");
            s.set("items", typeOf(p.getActualTypeArguments()[0]));
        } else if (t == String.class) {
            s.put("type", "string");
        } else if (t == long.class || t == int.class) {
            s.put("type", "integer").put("format", t == int.class ? "int32" : "int64");
        } else if (t == boolean.class) {
            s.put("type", "boolean");
        } else if (t == double.class) {
            s.put("type", "number").put("format", "double");
        } else if (t == Instant.class) {
            s.put("type", "string").put("format", "date-time");
        } else if (t instanceof Class<?> c && ANSWERS.contains(c)) {
            s.put("$ref", ref(name(c)));
        } else {
            throw new IllegalStateException("no JSON schema for " + t);
        }
        return s;
    }

    // ---- the browser's own shapes ----

    private static void own(ObjectNode schemas) {
        schemas.set("Error", object(Map.of("error", object(Map.of("code", string(), "field", string(), "reason", string()),
                "code", "reason")), "error"));
        schemas.set("SignIn", object(Map.of("account", string(), "password", string()), "account", "password"));
        schemas.set("Me", object(Map.of("account", string(), "role", enumOf("USER", "OPERATOR", "ADMIN"),
                "groups", array(string()), "site", string(), "csrfToken", string()), "account", "role", "csrfToken"));
        schemas.set("Reason", object(Map.of("reason", string())));
        schemas.set("Empty", object(Map.of()));
        ObjectNode timing = Json.object();
        ArrayNode oneOf = timing.putArray("oneOf");
        oneOf.add(object(Map.of("kind", enumOf("fixed"), "start", dateTime(), "end", dateTime()), "kind", "start", "end"));
        oneOf.add(object(Map.of("kind", enumOf("window"), "windowStart", dateTime(), "windowEnd", dateTime(),
                "durationSeconds", integer()), "kind", "windowStart", "windowEnd", "durationSeconds"));
        oneOf.add(object(Map.of("kind", enumOf("transfer"), "earliestStart", dateTime(), "deadline", dateTime(),
                "volumeMegabytes", integer()), "kind", "earliestStart", "deadline", "volumeMegabytes"));
        schemas.set("Timing", timing);
        schemas.set("NewReservation", object(Map.of("requestId", string(), "source", string(), "destination", string(),
                "bandwidthMbps", integer(), "description", string(), "holdOnly", bool(),
                "provisioning", enumOf("AUTOMATIC", "ON_PROVISION"), "timing", refTo("Timing")),
                "source", "destination", "bandwidthMbps", "timing"));
        schemas.set("Modification", object(Map.of("end", dateTime(), "bandwidthMbps", integer())));
        schemas.set("NewMaintenance", object(Map.of("resourceId", string(), "start", dateTime(), "end", dateTime(),
                "reason", string()), "resourceId", "start", "end"));
        schemas.set("ReservationPage", object(Map.of("items", array(refTo("Reservation")), "total", integer(),
                "limit", integer(), "offset", integer()), "items", "total", "limit", "offset"));
        schemas.set("ReservationList", object(Map.of("items", array(refTo("Reservation"))), "items"));
        schemas.set("History", object(Map.of("items", array(refTo("HistoryEntry"))), "items"));
        schemas.set("MaintenanceList", object(Map.of("items", array(refTo("MaintenanceWindow"))), "items"));
        schemas.set("AuditPage", object(Map.of("items", array(refTo("AuditEntry")), "total", integer(), "limit", integer(),
                "offset", integer()), "items"));
        schemas.set("AccountBlock", object(Map.of("account", string(), "blocked", bool(), "changed", bool()),
                "account", "blocked", "changed"));
        schemas.set("EndpointSites", object(Map.of("sites", array(object(Map.of("site", string(), "endpoints",
                array(object(Map.of("id", string(), "host", string()), "id", "host"))), "site", "endpoints"))), "sites"));
        schemas.set("BandwidthProfile", object(Map.of("points", array(object(Map.of("at", dateTime(),
                "maxBandwidthMbps", integer()), "at", "maxBandwidthMbps"))), "points"));
        ObjectNode port = object(Map.of("router", string(), "interfaceName", string()), "router", "interfaceName");
        schemas.set("Topology", object(Map.of("at", dateTime(), "sites", array(string()),
                "routers", array(object(Map.of("name", string(), "site", string(), "core", bool()), "name", "site", "core")),
                "places", array(object(Map.of("id", string(), "kind", enumOf("HOST_PORT", "UPLINK", "ACCESS_POINT",
                        "WAN_LINK", "CORE_ROUTER", "HAND_OFF"), "site", string(), "a", port, "b", port, "capacityMbps", integer(),
                        "bookedMbps", integer()), "id", "kind", "site", "a", "b", "capacityMbps", "bookedMbps"))),
                "at", "sites", "routers", "places"));
        schemas.set("Path", object(Map.of("requestId", string(), "hops", array(object(Map.of("kind", enumOf("HOST_PORT",
                "UPLINK", "ACCESS_POINT", "WAN_LINK", "CORE_ROUTER", "HAND_OFF"), "site", string(), "router", string(),
                "interface", string(), "vlan", integer()), "kind", "site", "router", "interface"))), "requestId", "hops"));
        schemas.set("CalendarFeed", object(Map.of("active", bool(), "createdAt", dateTime(), "url", string()), "active"));
        schemas.set("BrowserConfig", object(Map.of("site", string(), "oidc", object(Map.of("enabled", bool(),
                "label", string()), "enabled")), "site", "oidc"));
        schemas.set("OpenApiDocument", object(Map.of("openapi", string()), "openapi"));
    }

    private static ObjectNode object(Map<String, ? extends JsonNode> properties, String... required) {
        ObjectNode o = Json.object();
        o.put("type", "object");
        ObjectNode props = o.putObject("properties");
        properties.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> props.set(e.getKey(), e.getValue()));
        if (required.length > 0) {
            ArrayNode r = o.putArray("required");
            Arrays.stream(required).sorted().forEach(r::add);
        }
        return o;
    }

    private static ObjectNode string() {
        return Json.object().put("type", "string");
    }

    private static ObjectNode dateTime() {
        return Json.object().put("type", "string").put("format", "date-time");
    }

    private static ObjectNode integer() {
        return Json.object().put("type", "integer").put("format", "int64");
    }

    private static ObjectNode bool() {
        return Json.object().put("type", "boolean");
    }

    private static ObjectNode enumOf(String... values) {
        ObjectNode s = string();
        ArrayNode e = s.putArray("enum");
        Arrays.stream(values).forEach(e::add);
        return s;
    }

    private static ObjectNode array(JsonNode items) {
        ObjectNode a = Json.object();
        a.put("type", "array");
        a.set("items", items);
        return a;
    }

    private static ObjectNode refTo(String schema) {
        return Json.object().put("$ref", ref(schema));
    }
}
