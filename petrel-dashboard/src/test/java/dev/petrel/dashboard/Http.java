package dev.petrel.dashboard;

import dev.petrel.common.json.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A small HTTP client for the dashboard's API in tests: real sockets, the JDK's client. */
final class Http {

    /** One answer: status, headers, body, and the envelope decoded when it is JSON. */
    record Answer(int status, HttpResponse<byte[]> response) {

        String text() {
            return new String(response.body(), StandardCharsets.UTF_8);
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> envelope() {
            return JsonCodec.standard().decode(response.body(), Map.class);
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> data() {
            return (Map<String, Object>) ok();
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> list() {
            return (List<Map<String, Object>>) ok();
        }

        Object ok() {
            Map<String, Object> e = envelope();
            if (status != 200 || !Integer.valueOf(0).equals(e.get("status"))) {
                throw new AssertionError("expected success, got HTTP " + status + ": " + text());
            }
            return e.get("data");
        }

        String error() {
            return String.valueOf(envelope().get("errMsg"));
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }
    }

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
    private final String base;

    Http(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    static String query(Map<String, ?> params) {
        return params.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
            + URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    Answer get(String path, Map<String, ?> params) {
        return send(HttpRequest.newBuilder(URI.create(base + path + (params.isEmpty() ? "" : "?" + query(params)))).GET());
    }

    Answer get(String path) {
        return get(path, Map.of());
    }

    Answer post(String path, Map<String, ?> body) {
        return post(path, "application/json", JsonCodec.standard().encode(body));
    }

    Answer post(String path, String contentType, byte[] body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> r = client.send(request.timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(r.statusCode(), r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
