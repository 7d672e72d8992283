package dev.petrel.remoting.tls;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * TLS properties of servers and clients, under RocketMQ's names ({@code TlsSystemConfig}). Apache reads them only as
 * JVM system properties; Petrel also accepts each as a configuration key (broker.conf, namesrv.conf, a client's
 * properties), which wins over the system property. The file named by {@code tls.config.file}, when it exists, wins
 * over both for every key except {@code tls.server.mode}, {@code tls.config.file} and the reload interval, as in
 * RocketMQ; it is read again whenever a context is rebuilt (see {@link TlsSettings}).
 *
 * <p>Where Petrel differs from 5.3.1: explicit settings win over test mode (a server with {@code tls.server.certPath}
 * and {@code tls.server.keyPath} uses them even when {@code tls.test.mode.enable} is true, and a client with
 * {@code tls.client.authServer=true} checks the server's certificate), and an unknown mode is an error rather than
 * permissive.
 */
public final class TlsConfig {

    public static final ConfigKey<TlsMode> TLS_SERVER_MODE = ConfigKey.ofEnum("tls.server.mode", TlsMode.class,
        TlsMode.PERMISSIVE, "TLS on the server's port: disabled (plaintext only), permissive (TLS and plaintext on one "
            + "port, told apart by the first byte), enforcing (TLS only). A client also uses TLS when this is enforcing.")
        .orSystemProperty("tls.server.mode");
    public static final ConfigKey<String> TLS_CONFIG_FILE = ConfigKey.ofString("tls.config.file",
        "/etc/rocketmq/tls.properties", "Properties file whose tls.* keys override these (except tls.server.mode); "
            + "skipped when it does not exist.").orSystemProperty("tls.config.file");
    public static final ConfigKey<Boolean> TLS_TEST_MODE_ENABLE = ConfigKey.ofBoolean("tls.test.mode.enable", true,
        "Server without tls.server.certPath/keyPath: serve a self-signed certificate, made on the first TLS "
            + "connection, and ask clients for certificates only optionally.").orSystemProperty("tls.test.mode.enable");
    public static final ConfigKey<ClientAuthMode> TLS_SERVER_NEED_CLIENT_AUTH = ConfigKey.ofEnum(
        "tls.server.need.client.auth", ClientAuthMode.class, ClientAuthMode.NONE,
        "Ask TLS clients for a certificate: none, optional, require (mutual TLS).")
        .orSystemProperty("tls.server.need.client.auth");
    public static final ConfigKey<String> TLS_SERVER_KEY_PATH = ConfigKey.ofString("tls.server.keyPath", null,
        "Server private key: PEM, PKCS#8 (BEGIN PRIVATE KEY or BEGIN ENCRYPTED PRIVATE KEY).")
        .orSystemProperty("tls.server.keyPath");
    public static final ConfigKey<String> TLS_SERVER_KEY_PASSWORD = ConfigKey.ofString("tls.server.keyPassword", null,
        "Password of an encrypted tls.server.keyPath.").orSystemProperty("tls.server.keyPassword").secret();
    public static final ConfigKey<String> TLS_SERVER_CERT_PATH = ConfigKey.ofString("tls.server.certPath", null,
        "Server certificate chain, PEM, the server's own certificate first.").orSystemProperty("tls.server.certPath");
    public static final ConfigKey<Boolean> TLS_SERVER_AUTH_CLIENT = ConfigKey.ofBoolean("tls.server.authClient", false,
        "Check client certificates against tls.server.trustCertPath; false accepts any client certificate.")
        .orSystemProperty("tls.server.authClient");
    public static final ConfigKey<String> TLS_SERVER_TRUST_CERT_PATH = ConfigKey.ofString("tls.server.trustCertPath",
        null, "CA certificates (PEM) that client certificates must chain to when tls.server.authClient is true.")
        .orSystemProperty("tls.server.trustCertPath");
    public static final ConfigKey<String> TLS_CLIENT_KEY_PATH = ConfigKey.ofString("tls.client.keyPath", null,
        "Client private key for mutual TLS: PEM, PKCS#8.").orSystemProperty("tls.client.keyPath");
    public static final ConfigKey<String> TLS_CLIENT_KEY_PASSWORD = ConfigKey.ofString("tls.client.keyPassword", null,
        "Password of an encrypted tls.client.keyPath.").orSystemProperty("tls.client.keyPassword").secret();
    public static final ConfigKey<String> TLS_CLIENT_CERT_PATH = ConfigKey.ofString("tls.client.certPath", null,
        "Client certificate chain for mutual TLS, PEM.").orSystemProperty("tls.client.certPath");
    public static final ConfigKey<Boolean> TLS_CLIENT_AUTH_SERVER = ConfigKey.ofBoolean("tls.client.authServer", false,
        "Check the server's certificate against tls.client.trustCertPath; false trusts any server (no host name "
            + "check either way, as in RocketMQ).").orSystemProperty("tls.client.authServer");
    public static final ConfigKey<String> TLS_CLIENT_TRUST_CERT_PATH = ConfigKey.ofString("tls.client.trustCertPath",
        null, "CA certificates (PEM) the server's certificate must chain to when tls.client.authServer is true.")
        .orSystemProperty("tls.client.trustCertPath");
    public static final ConfigKey<Integer> TLS_FILE_CHECK_INTERVAL_MILLIS = ConfigKey.ofInt(
        "tlsFileCheckIntervalMillis", 5_000, 0, Integer.MAX_VALUE,
        "Petrel: how often (ms) a server or client compares its key, certificate, trust and tls.config.file contents "
            + "with those in use and, when they changed, gives new connections the new ones; 0 never reloads.");

    public static final ConfigDef DEFINITION = ConfigDef.of("TLS", TLS_SERVER_MODE, TLS_CONFIG_FILE,
        TLS_TEST_MODE_ENABLE, TLS_SERVER_NEED_CLIENT_AUTH, TLS_SERVER_KEY_PATH, TLS_SERVER_KEY_PASSWORD,
        TLS_SERVER_CERT_PATH, TLS_SERVER_AUTH_CLIENT, TLS_SERVER_TRUST_CERT_PATH, TLS_CLIENT_KEY_PATH,
        TLS_CLIENT_KEY_PASSWORD, TLS_CLIENT_CERT_PATH, TLS_CLIENT_AUTH_SERVER, TLS_CLIENT_TRUST_CERT_PATH,
        TLS_FILE_CHECK_INTERVAL_MILLIS);

    private TlsConfig() {
    }
}
