package dev.petrel.protocol.auth;

import dev.petrel.protocol.frame.RemotingCommand;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signature RocketMQ's ACL RPC hook puts on every request (security.md §1), computed here for both sides: the
 * client signs with it, the broker recomputes it.
 *
 * <pre>
 *   content   = UTF-8( value(k1) value(k2) ... )  ++  body bytes        (keys k1 &lt; k2 &lt; ... in String order,
 *                                                                       every ext field except Signature)
 *   Signature = Base64( HmacSHA1( key = UTF-8(secretKey), content ) )   (28 characters, '=' padded)
 * </pre>
 *
 * Values only, no keys and no separators; {@code AccessKey} and {@code SecurityToken} are ext fields like the others
 * and so are signed too. A request from a client older than 4.9.3 (version ordinal &lt;= 399) is verified without its
 * {@code _UNIQUE_KEY_QUERY} field, which such clients added after signing. There is no timestamp or nonce: a captured
 * request verifies again when replayed (docs/security.md).
 *
 * <p>Stateless and thread-safe; each thread keeps its own {@link Mac}.
 */
public final class RequestSignature {

    public static final String ACCESS_KEY = "AccessKey";
    public static final String SECURITY_TOKEN = "SecurityToken";
    public static final String SIGNATURE = "Signature";
    static final String UNIQUE_KEY_QUERY = "_UNIQUE_KEY_QUERY";
    /** RemotingVersion ordinal of V4_9_3: requests at or below it drop {@link #UNIQUE_KEY_QUERY} before verifying. */
    static final int V4_9_3 = 399;
    private static final String ALGORITHM = "HmacSHA1";

    private static final ThreadLocal<Mac> MACS = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance(ALGORITHM);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM has no " + ALGORITHM, e);
        }
    });

    private RequestSignature() {
    }

    /** {@code request} with {@code AccessKey}, {@code SecurityToken} (if any) and then {@code Signature} added. */
    public static RemotingCommand sign(RemotingCommand request, SessionCredentials credentials) {
        RemotingCommand.Builder b = request.toBuilder();
        b.extField(ACCESS_KEY, credentials.accessKey());
        if (credentials.securityToken() != null) {
            b.extField(SECURITY_TOKEN, credentials.securityToken());
        }
        TreeMap<String, String> sorted = new TreeMap<>(request.extFields());
        sorted.put(ACCESS_KEY, credentials.accessKey());
        if (credentials.securityToken() != null) {
            sorted.put(SECURITY_TOKEN, credentials.securityToken());
        }
        sorted.remove(SIGNATURE);
        b.extField(SIGNATURE, compute(credentials.secretKey(), content(sorted, request.body())));
        return b.build();
    }

    /** The bytes a received request's signature covers (its ext fields as §1.3 says, then its body). */
    public static byte[] content(RemotingCommand request) {
        TreeMap<String, String> sorted = new TreeMap<>(request.extFields());
        sorted.remove(SIGNATURE);
        if (request.version() <= V4_9_3) {
            sorted.remove(UNIQUE_KEY_QUERY);
        }
        return content(sorted, request.body());
    }

    /** The signed bytes of already-sorted fields (the {@link #SIGNATURE} key, if present, is skipped) and a body. */
    public static byte[] content(TreeMap<String, String> sortedFields, byte[] body) {
        StringBuilder text = new StringBuilder(128);
        for (Map.Entry<String, String> e : sortedFields.entrySet()) {
            if (!SIGNATURE.equals(e.getKey()) && e.getValue() != null) {
                text.append(e.getValue());
            }
        }
        byte[] fields = text.toString().getBytes(StandardCharsets.UTF_8);
        if (body == null || body.length == 0) {
            return fields;
        }
        byte[] out = new byte[fields.length + body.length];
        System.arraycopy(fields, 0, out, 0, fields.length);
        System.arraycopy(body, 0, out, fields.length, body.length);
        return out;
    }

    /** Base64(HmacSHA1(UTF-8(secretKey), content)). */
    public static String compute(String secretKey, byte[] content) {
        Mac mac = MACS.get();
        try {
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), ALGORITHM));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot key " + ALGORITHM + ": " + e.getMessage(), e);
        }
        return Base64.getEncoder().encodeToString(mac.doFinal(content));
    }

    /**
     * Whether {@code received} is the signature of {@code content} under {@code secretKey}. The comparison takes the
     * same time wherever the strings differ, so response times tell an attacker nothing about a guess.
     */
    public static boolean verify(String secretKey, byte[] content, String received) {
        if (received == null || secretKey == null || secretKey.isEmpty()) {
            return false;
        }
        byte[] expected = compute(secretKey, content).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(expected, received.getBytes(StandardCharsets.UTF_8));
    }
}
