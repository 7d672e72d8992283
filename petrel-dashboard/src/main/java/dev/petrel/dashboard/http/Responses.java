package dev.petrel.dashboard.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import dev.petrel.common.json.JsonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes answers. API answers use RocketMQ Dashboard's envelope ({@code {"status":0,"data":...}} or
 * {@code {"status":-1,"errMsg":"..."}}). Every answer carries the same security headers: a Content-Security-Policy
 * that allows only this origin's scripts and styles (no inline script, so text that slipped into markup still cannot
 * run), no sniffing, no framing, no referrer.
 */
public final class Responses {

    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private Responses() {
    }

    static void securityHeaders(Headers h) {
        h.set("Content-Security-Policy", CSP);
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        h.set("Referrer-Policy", "no-referrer");
    }

    public static void ok(HttpExchange exchange, Object data) throws IOException {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("status", 0);
        envelope.put("data", data);
        json(exchange, 200, envelope);
    }

    public static void error(HttpExchange exchange, int httpStatus, String message) throws IOException {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("status", -1);
        envelope.put("errMsg", message);
        json(exchange, httpStatus, envelope);
    }

    private static void json(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = JsonCodec.standard().encode(body);
        Headers h = exchange.getResponseHeaders();
        securityHeaders(h);
        h.set("Content-Type", "application/json; charset=utf-8");
        h.set("Cache-Control", "no-store");
        send(exchange, status, bytes);
    }

    static void send(HttpExchange exchange, int status, byte[] bytes) throws IOException {
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(status, head || bytes.length == 0 ? -1 : bytes.length);
        if (!head && bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
        exchange.close();
    }
}
