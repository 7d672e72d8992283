package dev.petrel.dashboard.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientException;
import dev.petrel.client.NetworkException;
import dev.petrel.client.NoRouteException;
import dev.petrel.protocol.code.ResponseCode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JSON API under {@code /api/}: one handler per path and method. A GET reads, a POST changes something and is
 * refused (403, naming {@code dashboardReadOnly}) when the dashboard is read-only.
 *
 * <p>Outcomes: a value → 200; {@link ApiException} → its status; an error answered by a broker or NameServer
 * ({@link BrokerException}) → 502 with the server's code and remark; no route → 404; a server that does not answer
 * → 504; any other {@link ClientException} → 502. Anything else is a bug: 500, logged once per distinct message.
 */
public final class ApiRouter implements HttpHandler {

    /** What a path does with one request. */
    @FunctionalInterface
    public interface Handler {
        Object handle(ApiRequest request);
    }

    private record Route(String method, Handler handler) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(ApiRouter.class);

    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final RequestReader reader;
    private final boolean readOnly;
    private final Map<String, Boolean> logged = new ConcurrentHashMap<>();

    public ApiRouter(RequestReader reader, boolean readOnly) {
        this.reader = reader;
        this.readOnly = readOnly;
    }

    public ApiRouter get(String path, Handler handler) {
        routes.put(path, new Route("GET", handler));
        return this;
    }

    public ApiRouter post(String path, Handler handler) {
        routes.put(path, new Route("POST", handler));
        return this;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            Route route = routes.get(exchange.getRequestURI().getRawPath());
            if (route == null) {
                throw new ApiException(ApiException.NOT_FOUND, "no API at " + exchange.getRequestURI().getRawPath());
            }
            String method = exchange.getRequestMethod();
            if (!route.method().equals(method)) {
                exchange.getResponseHeaders().set("Allow", route.method());
                throw new ApiException(ApiException.METHOD_NOT_ALLOWED, exchange.getRequestURI().getRawPath()
                    + " takes " + route.method() + ", not " + method);
            }
            if (route.method().equals("POST")) {
                checkSameOrigin(exchange);
                if (readOnly) {
                    throw new ApiException(ApiException.FORBIDDEN, "this dashboard is read-only (dashboardReadOnly=true): "
                        + "changes are refused; use bin/petrel admin, or restart the dashboard without it");
                }
            }
            Object result = route.handler().handle(reader.read(exchange));
            Responses.ok(exchange, result);
        } catch (ApiException e) {
            Responses.error(exchange, e.status(), e.getMessage());
        } catch (NoRouteException e) {
            Responses.error(exchange, 404, e.getMessage());
        } catch (BrokerException e) {
            Responses.error(exchange, 502, e.getMessage() + aclHint(e));
        } catch (NetworkException e) {
            Responses.error(exchange, 504, e.getMessage());
        } catch (ClientException e) {
            Responses.error(exchange, 502, e.getMessage());
        } catch (RuntimeException e) {
            String key = e.getClass().getName() + ": " + e.getMessage();
            if (logged.putIfAbsent(key, Boolean.TRUE) == null && logged.size() < 1000) {
                LOG.error("dashboard API {} failed", exchange.getRequestURI().getRawPath(), e);
            }
            Responses.error(exchange, 500, "internal error (" + e.getClass().getSimpleName() + "); details in the log");
        }
    }

    /**
     * Advice when the cluster refused the dashboard's own credentials (or their absence): ACL 2.0 answers
     * NO_PERMISSION (16), ACL 1.0 SYSTEM_ERROR (1) with an AclException text.
     */
    static String aclHint(BrokerException e) {
        String remark = e.remark() == null ? "" : e.remark();
        if (e.responseCode() != ResponseCode.NO_PERMISSION
            && !(e.responseCode() == ResponseCode.SYSTEM_ERROR && remark.contains("AclException"))) {
            return "";
        }
        // DashboardConfig's names, written out: http/ stays below the package that wires it
        return "; the cluster checks ACL: start the dashboard with dashboardAccessKey and dashboardSecretKey (or "
            + "$PETREL_DASHBOARD_ACCESS_KEY and $PETREL_DASHBOARD_SECRET_KEY) of a user allowed to do this";
    }

    /**
     * A browser sends {@code Origin} on a cross-site POST: one naming another host than the one addressed is refused
     * (defence in depth beside the JSON content type; tools such as curl send none).
     */
    private static void checkSameOrigin(HttpExchange exchange) {
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        String host = exchange.getRequestHeaders().getFirst("Host");
        if (origin == null || host == null) {
            return;
        }
        String bare = origin.replaceFirst("^https?://", "");
        if (!bare.equalsIgnoreCase(host)) {
            throw new ApiException(ApiException.FORBIDDEN, "cross-origin request from " + origin + " refused");
        }
    }
}
