package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.route.TopicRouteData;
import java.io.ByteArrayOutputStream;

/**
 * The two encodings of the GET_ROUTEINFO_BY_TOPIC body (json-bodies.md §2, §3.1):
 *
 * <pre>
 *   standard (request version >= 401 or acceptStandardJsonOnly):
 *     {"brokerDatas":[{"brokerAddrs":{"0":"127.0.0.1:10911"},"brokerName":"b",...}],...}
 *   legacy (older clients; what Apache's fastjson writes by default):
 *     {"brokerDatas":[{"brokerAddrs":{0:"127.0.0.1:10911"},"brokerName":"b",...}],...}
 * </pre>
 *
 * Both are otherwise the same bytes: properties sorted, nulls omitted, map keys sorted. The legacy form differs only
 * in the unquoted broker ids, which is the form pre-4.9.4 non-Java clients were written against.
 */
public final class RouteBodyCodec {

    private static final byte[] BROKER_ADDRS = "brokerAddrs".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private RouteBodyCodec() {
    }

    public static byte[] encode(TopicRouteData route, boolean standardJson) {
        byte[] standard = TopicRouteData.CODEC.encode(route);
        return standardJson ? standard : unquoteBrokerIds(standard);
    }

    /**
     * Removes the quotes around the numeric keys of every {@code brokerAddrs} object of a JSON text. Strings are
     * scanned with their escapes, so text inside values is never touched.
     */
    static byte[] unquoteBrokerIds(byte[] json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(json.length);
        int depth = 0;
        int addrsDepth = -1;      // object depth inside a brokerAddrs object, or -1 outside
        boolean nextIsAddrs = false;
        int i = 0;
        while (i < json.length) {
            byte b = json[i];
            if (b == '"') {
                int end = stringEnd(json, i);
                boolean key = nextNonSpace(json, end + 1) == ':';
                if (key && depth == addrsDepth && isInteger(json, i + 1, end)) {
                    out.write(json, i + 1, end - i - 1);
                } else {
                    out.write(json, i, end - i + 1);
                }
                nextIsAddrs = key && equalsAt(json, i + 1, end, BROKER_ADDRS);
                i = end + 1;
                continue;
            }
            if (b == '{') {
                depth++;
                if (nextIsAddrs) {
                    addrsDepth = depth;
                }
            } else if (b == '}') {
                if (depth == addrsDepth) {
                    addrsDepth = -1;
                }
                depth--;
            }
            if (b != ':' && !isSpace(b)) {
                nextIsAddrs = false; // only ':' and white space may stand between the key and its '{'
            }
            out.write(b);
            i++;
        }
        return out.toByteArray();
    }

    /** Index of the quote closing the string that opens at {@code start}. */
    private static int stringEnd(byte[] json, int start) {
        int i = start + 1;
        while (i < json.length) {
            if (json[i] == '\\') {
                i += 2;
            } else if (json[i] == '"') {
                return i;
            } else {
                i++;
            }
        }
        throw new IllegalArgumentException("unterminated string at offset " + start);
    }

    private static byte nextNonSpace(byte[] json, int from) {
        for (int i = from; i < json.length; i++) {
            if (!isSpace(json[i])) {
                return json[i];
            }
        }
        return 0;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    private static boolean isInteger(byte[] json, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            byte b = json[i];
            if (!(b >= '0' && b <= '9') && !(b == '-' && i == from && to - from > 1)) {
                return false;
            }
        }
        return true;
    }

    private static boolean equalsAt(byte[] json, int from, int to, byte[] word) {
        if (to - from != word.length) {
            return false;
        }
        for (int i = 0; i < word.length; i++) {
            if (json[from + i] != word[i]) {
                return false;
            }
        }
        return true;
    }
}
