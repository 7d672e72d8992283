package dev.petrel.dashboard.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The pages, scripts and styles, read from this jar: {@code /x} from {@value #PAGES}{@code x} ({@code /} is
 * {@code index.html}), {@code /webjars/<lib>/<version>/<file>} from the WebJars' {@value #WEBJARS}. Paths are
 * matched against a strict pattern (no {@code ..}, no encoded characters) before any lookup, so nothing outside
 * those two folders can be named. Each file is read once and kept; its ETag is its content hash, so a browser
 * revalidates pages cheaply and keeps the versioned WebJar files for a day.
 */
public final class StaticAssets implements HttpHandler {

    static final String PAGES = "dev/petrel/dashboard/static/";
    static final String WEBJARS = "META-INF/resources/webjars/";
    private static final Pattern SAFE_PATH = Pattern.compile("/(?:[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*/)*"
        + "(?:[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*)?");
    private static final Map<String, String> TYPES = Map.of(
        "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8",
        "svg", "image/svg+xml", "png", "image/png", "json", "application/json", "ico", "image/x-icon");

    private record Asset(byte[] bytes, String type, String etag) {
    }

    private final ClassLoader loader = StaticAssets.class.getClassLoader();
    private final Map<String, Optional<Asset>> cache = new ConcurrentHashMap<>();

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        Headers h = exchange.getResponseHeaders();
        Responses.securityHeaders(h);
        if (!method.equals("GET") && !method.equals("HEAD")) {
            h.set("Allow", "GET, HEAD");
            Responses.send(exchange, 405, "GET or HEAD only\n".getBytes(StandardCharsets.UTF_8));
            return;
        }
        String path = exchange.getRequestURI().getRawPath();
        Optional<Asset> asset = SAFE_PATH.matcher(path).matches() ? find(path) : Optional.empty();
        if (asset.isEmpty()) {
            h.set("Content-Type", "text/plain; charset=utf-8");
            Responses.send(exchange, 404, ("no page at " + path.replaceAll("[^A-Za-z0-9/._-]", "?") + "\n")
                .getBytes(StandardCharsets.UTF_8));
            return;
        }
        Asset a = asset.get();
        h.set("Content-Type", a.type());
        h.set("ETag", a.etag());
        h.set("Cache-Control", path.startsWith("/webjars/") ? "public, max-age=86400" : "no-cache");
        if (a.etag().equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
            Responses.send(exchange, 304, new byte[0]);
            return;
        }
        Responses.send(exchange, 200, a.bytes());
    }

    /** Only files that exist are kept, so requests for made-up paths cannot grow the cache. */
    private Optional<Asset> find(String path) {
        Optional<Asset> known = cache.get(path);
        if (known != null) {
            return known;
        }
        Optional<Asset> loaded = load(path);
        loaded.ifPresent(a -> cache.put(path, loaded));
        return loaded;
    }

    private Optional<Asset> load(String path) {
        String resource;
        if (path.startsWith("/webjars/")) {
            resource = WEBJARS + path.substring("/webjars/".length());
        } else {
            resource = PAGES + (path.equals("/") ? "index.html" : path.substring(1));
        }
        String type = TYPES.get(resource.substring(resource.lastIndexOf('.') + 1));
        if (type == null) {
            return Optional.empty();
        }
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            byte[] bytes = in.readAllBytes();
            return Optional.of(new Asset(bytes, type, "\"" + Integer.toHexString(java.util.Arrays.hashCode(bytes)) + "-"
                + bytes.length + "\""));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from the dashboard's jar", e);
        }
    }
}
