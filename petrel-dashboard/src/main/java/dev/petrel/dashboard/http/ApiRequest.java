package dev.petrel.dashboard.http;

import java.util.Map;

/**
 * One API call's parameters: the query string's for GET, the JSON object's for POST. Every getter validates and
 * throws {@link ApiException} (HTTP 400) naming the parameter, so handlers read values, never check them.
 */
public final class ApiRequest {

    private final String path;
    private final Map<String, Object> params;

    public ApiRequest(String path, Map<String, Object> params) {
        this.path = path;
        this.params = Map.copyOf(params);
    }

    public String path() {
        return path;
    }

    public boolean has(String name) {
        Object v = params.get(name);
        return v != null && !(v instanceof String s && s.isBlank());
    }

    /** A required non-blank string (trimmed). */
    public String string(String name) {
        if (!has(name)) {
            throw ApiException.badRequest("parameter '" + name + "' is required");
        }
        Object v = params.get(name);
        if (!(v instanceof String) && !(v instanceof Number) && !(v instanceof Boolean)) {
            throw ApiException.badRequest("parameter '" + name + "' must be a string");
        }
        return String.valueOf(v).trim();
    }

    /** A string as given (not trimmed: a message body), or {@code fallback} when absent. */
    public String raw(String name, String fallback) {
        Object v = params.get(name);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof String s)) {
            throw ApiException.badRequest("parameter '" + name + "' must be a string");
        }
        return s;
    }

    public String string(String name, String fallback) {
        return has(name) ? string(name) : fallback;
    }

    public long longValue(String name, long fallback, long min, long max) {
        if (!has(name)) {
            return fallback;
        }
        Object v = params.get(name);
        long value;
        if (v instanceof Number n && !(v instanceof Double) && !(v instanceof Float)) {
            value = n.longValue();
        } else {
            try {
                value = Long.parseLong(String.valueOf(v).trim());
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("parameter '" + name + "' must be a whole number, got '" + abbreviate(v) + "'");
            }
        }
        if (value < min || value > max) {
            throw ApiException.badRequest("parameter '" + name + "' must be between " + min + " and " + max + ", got " + value);
        }
        return value;
    }

    public int integer(String name, int fallback, int min, int max) {
        return (int) longValue(name, fallback, min, max);
    }

    public boolean bool(String name, boolean fallback) {
        if (!has(name)) {
            return fallback;
        }
        Object v = params.get(name);
        if (v instanceof Boolean b) {
            return b;
        }
        String s = String.valueOf(v).trim();
        if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("on")) {
            return true;
        }
        if (s.equalsIgnoreCase("false") || s.equalsIgnoreCase("off")) {
            return false;
        }
        throw ApiException.badRequest("parameter '" + name + "' must be true or false, got '" + abbreviate(v) + "'");
    }

    private static String abbreviate(Object v) {
        String s = String.valueOf(v);
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
