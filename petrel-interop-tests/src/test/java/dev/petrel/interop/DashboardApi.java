package dev.petrel.interop;

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
import java.util.Map;
import java.util.stream.Collectors;

/** Calls the web dashboard's JSON API and returns the envelope's data, failing on anything but success. */
final class DashboardApi {

    private final HttpClient client = HttpClient.newHttpClient();
    private final String base;

    DashboardApi(int port) {
        this.base = "http://127.0.0.1:" + port + "/api/";
    }

    Object get(String path, Map<String, ?> params) {
        String q = params.entrySet().stream().map(e -> e.getKey() + "="
            + URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(base + path + (q.isEmpty() ? "" : "?" + q))).GET());
    }

    Object post(String path, Map<String, ?> body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(JsonCodec.standard().encode(body))));
    }

    @SuppressWarnings("unchecked")
    private Object send(HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> r = client.send(request.timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
            Map<String, Object> envelope = JsonCodec.standard().decode(r.body(), Map.class);
            if (r.statusCode() != 200 || !Integer.valueOf(0).equals(envelope.get("status"))) {
                throw new AssertionError("dashboard API " + request.build().uri() + ": HTTP " + r.statusCode() + " "
                    + envelope.get("errMsg"));
            }
            return envelope.get("data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
