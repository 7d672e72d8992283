package dev.petrel.protocol.auth;

import java.util.Objects;

/**
 * What a client signs its requests with (RocketMQ's {@code SessionCredentials}): the access key (the ACL 2.0
 * username), the secret key (the password) and an optional security token. {@link #toString()} never shows the
 * secret or the token, so credentials may appear in log lines and exception texts.
 *
 * @param accessKey     sent in clear as the {@code AccessKey} ext field
 * @param secretKey     the HMAC key; never sent
 * @param securityToken sent as {@code SecurityToken} when not null
 */
public record SessionCredentials(String accessKey, String secretKey, String securityToken) {

    public SessionCredentials {
        Objects.requireNonNull(accessKey, "accessKey");
        Objects.requireNonNull(secretKey, "secretKey");
        if (accessKey.isBlank() || secretKey.isBlank()) {
            throw new IllegalArgumentException("access key and secret key must both be non-blank");
        }
    }

    public SessionCredentials(String accessKey, String secretKey) {
        this(accessKey, secretKey, null);
    }

    @Override
    public String toString() {
        return "SessionCredentials[accessKey=" + accessKey + ", secretKey=******"
            + (securityToken == null ? "" : ", securityToken=******") + "]";
    }
}
