package dev.petrel.remoting.tls;

/** Whether a server asks its TLS clients for a certificate ({@code tls.server.need.client.auth}). */
public enum ClientAuthMode {
    /** The server does not ask. */
    NONE,
    /** The server asks; a client without a certificate is still served. */
    OPTIONAL,
    /** The server asks; a client without a (trusted, when {@code tls.server.authClient}) certificate is refused. */
    REQUIRE
}
