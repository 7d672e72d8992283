package dev.petrel.dashboard.http;

import com.sun.net.httpserver.HttpExchange;
import dev.petrel.common.json.JsonCodec;
import dev.petrel.common.json.JsonException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Turns an exchange into an {@link ApiRequest}, reading no more than it allows: a query string of at most
 * {@value #MAX_QUERY_CHARS} characters and {@value #MAX_PARAMS} parameters, a body of at most {@code maxBodyBytes}
 * (a declared {@code Content-Length} above it is refused before a byte is read; a chunked body is cut off at the
 * limit), and a POST body only as a JSON object sent with {@code Content-Type: application/json} (which a
 * cross-site HTML form cannot send, and a cross-site script cannot without a CORS preflight this server never
 * grants).
 */
public final class RequestReader {

    public static final int MAX_QUERY_CHARS = 8192;
    public static final int MAX_PARAMS = 64;

    private final int maxBodyBytes;

    public RequestReader(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    public ApiRequest read(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        Map<String, Object> params = new LinkedHashMap<>(query(exchange.getRequestURI().getRawQuery()));
        if ("POST".equals(exchange.getRequestMethod())) {
            String type = exchange.getRequestHeaders().getFirst("Content-Type");
            if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
                throw new ApiException(ApiException.UNSUPPORTED_MEDIA_TYPE,
                    "a POST must carry a JSON object with Content-Type: application/json");
            }
            byte[] body = body(exchange);
            if (body.length > 0) {
                params.putAll(jsonObject(body));
            }
        }
        return new ApiRequest(path, params);
    }

    /** {@code a=1&b=x%20y} → map; a repeated name keeps its last value. */
    static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        if (raw.length() > MAX_QUERY_CHARS) {
            throw new ApiException(ApiException.URI_TOO_LONG, "the query string is " + raw.length()
                + " characters long; the limit is " + MAX_QUERY_CHARS);
        }
        int count = 0;
        for (String pair : raw.split("&", MAX_PARAMS + 1)) {
            if (pair.isEmpty()) {
                continue;
            }
            if (++count > MAX_PARAMS) {
                throw ApiException.badRequest("more than " + MAX_PARAMS + " query parameters");
            }
            int eq = pair.indexOf('=');
            try {
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                out.put(name, value);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("the query string is not URL-encoded: " + e.getMessage());
            }
        }
        return out;
    }

    private byte[] body(HttpExchange exchange) throws IOException {
        String declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null) {
            long length;
            try {
                length = Long.parseLong(declared.trim());
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("Content-Length '" + declared + "' is not a number");
            }
            if (length > maxBodyBytes) {
                throw tooLarge(length);
            }
        }
        try (InputStream in = exchange.getRequestBody()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(maxBodyBytes, 8192));
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (out.size() + n > maxBodyBytes) {
                    throw tooLarge(out.size() + n);
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        }
    }

    private ApiException tooLarge(long length) {
        return new ApiException(ApiException.TOO_LARGE, "the request body is " + (length > maxBodyBytes ? "over " : "")
            + maxBodyBytes + " bytes (dashboardMaxRequestBytes); send a smaller message body");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> jsonObject(byte[] body) {
        Object decoded;
        try {
            decoded = JsonCodec.standard().decode(body, Object.class);
        } catch (JsonException | IllegalArgumentException e) {
            throw ApiException.badRequest("the body is not valid JSON: " + firstLine(e.getMessage()));
        }
        if (!(decoded instanceof Map<?, ?> map)) {
            throw ApiException.badRequest("the body must be a JSON object");
        }
        if (map.size() > MAX_PARAMS) {
            throw ApiException.badRequest("more than " + MAX_PARAMS + " fields in the body");
        }
        return (Map<String, Object>) map;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > 200 ? line.substring(0, 200) : line;
    }
}
