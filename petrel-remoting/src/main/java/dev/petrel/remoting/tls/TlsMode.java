package dev.petrel.remoting.tls;

/**
 * What a server does with TLS on its port ({@code tls.server.mode}, RocketMQ's three modes).
 *
 * <ul>
 *   <li>{@link #DISABLED}: plaintext only; a TLS ClientHello is not understood and the connection is closed;</li>
 *   <li>{@link #PERMISSIVE}: TLS and plaintext on the same port, told apart by the first byte of each connection;</li>
 *   <li>{@link #ENFORCING}: TLS only; a plaintext connection is closed before any of its frames is read.</li>
 * </ul>
 */
public enum TlsMode {
    DISABLED,
    PERMISSIVE,
    ENFORCING
}
