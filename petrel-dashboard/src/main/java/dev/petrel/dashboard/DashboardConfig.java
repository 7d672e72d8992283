package dev.petrel.dashboard;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.protocol.auth.SessionCredentials;

/**
 * The web dashboard's properties ({@code bin/petrel dashboard -c FILE} and {@code standalone}'s file). Port 8082 is
 * RocketMQ Dashboard's default. The dashboard binds the loopback address unless {@code dashboardAddress} says
 * otherwise: it has no login, and it can delete topics and move offsets (docs/dashboard.md, "Security").
 */
public final class DashboardConfig {

    /** The environment variable that changes {@code dashboardEnable}'s default (the test build sets false). */
    public static final String ENABLE_VARIABLE = "PETREL_DASHBOARD_ENABLE";

    public static final ConfigKey<Boolean> ENABLE = ConfigKey.ofBoolean("dashboardEnable", true,
        "Serve the web dashboard (standalone and bin/petrel dashboard); false opens no port. Petrel extension.")
        .orEnvironmentVariable(ENABLE_VARIABLE);
    public static final ConfigKey<String> ADDRESS = ConfigKey.ofString("dashboardAddress", "127.0.0.1",
        "Address the dashboard binds; 0.0.0.0 for every interface (the dashboard has no login: put it behind an "
            + "authenticating proxy first). Petrel extension.");
    public static final ConfigKey<Integer> PORT = ConfigKey.ofInt("dashboardPort", 8082, 0, 65535,
        "TCP port of the web dashboard (RocketMQ Dashboard's default); a port in use fails the start; 0 picks a free "
            + "port. Petrel extension.");
    public static final ConfigKey<Boolean> READ_ONLY = ConfigKey.ofBoolean("dashboardReadOnly", false,
        "Refuse every change (create/delete topic, reset offset, send, resend) with HTTP 403 and a message naming this "
            + "property; the pages disable their forms. Petrel extension.");
    public static final ConfigKey<Integer> MAX_REQUEST_BYTES = ConfigKey.ofInt("dashboardMaxRequestBytes", 1 << 20,
        1024, 64 << 20, "Largest request body the dashboard reads (a test message's body is the largest); longer "
            + "requests are refused with HTTP 413 without being read. Petrel extension.");
    public static final ConfigKey<Integer> THREADS = ConfigKey.ofInt("dashboardThreads", 4, 1, 64,
        "Threads answering dashboard requests (each waits on admin calls). Petrel extension.");
    public static final ConfigKey<Long> ADMIN_TIMEOUT_MILLIS = ConfigKey.ofLong("dashboardAdminTimeoutMillis", 5000, 100,
        600_000, "Timeout of each admin call the dashboard makes to a NameServer or broker. Petrel extension.");
    public static final ConfigKey<String> NAMESRV_ADDR = ConfigKey.ofString("namesrvAddr", "127.0.0.1:9876",
        "host:port[;host:port] of the NameServer(s) the dashboard administers (-n on the command line).")
        .orSystemProperty("rocketmq.namesrv.addr").orEnvironmentVariable("NAMESRV_ADDR");

    /** The environment variables that can hold the dashboard's ACL credentials instead of the file. */
    public static final String ACCESS_KEY_VARIABLE = "PETREL_DASHBOARD_ACCESS_KEY";
    public static final String SECRET_KEY_VARIABLE = "PETREL_DASHBOARD_SECRET_KEY";

    public static final ConfigKey<String> ACCESS_KEY = ConfigKey.ofString("dashboardAccessKey", null,
        "ACL access key (ACL 2.0 username, ACL 1.0 accessKey) that signs every admin call, send and pull of the "
            + "dashboard, for clusters with ACL on (RocketMQ Dashboard's rocketmq.config.accessKey); unset: unsigned. "
            + "Petrel extension.").orEnvironmentVariable(ACCESS_KEY_VARIABLE);
    public static final ConfigKey<String> SECRET_KEY = ConfigKey.ofString("dashboardSecretKey", null,
        "Secret key (password) of dashboardAccessKey; never logged or shown by the dashboard. Petrel extension.")
        .orEnvironmentVariable(SECRET_KEY_VARIABLE).secret();

    /** Every key {@code bin/petrel dashboard} reads. */
    public static final ConfigDef DEF = ConfigDef.of("dashboard", NAMESRV_ADDR, ENABLE, ADDRESS, PORT, READ_ONLY,
        MAX_REQUEST_BYTES, THREADS, ADMIN_TIMEOUT_MILLIS, ACCESS_KEY, SECRET_KEY);

    /**
     * What the server needs, read once.
     *
     * @param credentials signs the dashboard's requests; null for none ({@link SessionCredentials#toString()} hides
     *                    the secret, so this record may be logged)
     */
    public record Settings(boolean enabled, String namesrvAddr, String address, int port, boolean readOnly,
                           int maxRequestBytes, int threads, long adminTimeoutMillis, SessionCredentials credentials) {

        /** Without credentials. */
        public Settings(boolean enabled, String namesrvAddr, String address, int port, boolean readOnly,
                        int maxRequestBytes, int threads, long adminTimeoutMillis) {
            this(enabled, namesrvAddr, address, port, readOnly, maxRequestBytes, threads, adminTimeoutMillis, null);
        }

        /** @throws IllegalArgumentException when only one of dashboardAccessKey and dashboardSecretKey is set */
        public static Settings of(Config config) {
            return new Settings(config.get(ENABLE), config.get(NAMESRV_ADDR), config.get(ADDRESS), config.get(PORT),
                config.get(READ_ONLY), config.get(MAX_REQUEST_BYTES), config.get(THREADS),
                config.get(ADMIN_TIMEOUT_MILLIS), DashboardConfig.credentials(config.get(ACCESS_KEY), config.get(SECRET_KEY)));
        }
    }

    private static SessionCredentials credentials(String accessKey, String secretKey) {
        boolean ak = accessKey != null && !accessKey.isBlank();
        boolean sk = secretKey != null && !secretKey.isBlank();
        if (ak != sk) {
            throw new IllegalArgumentException("set both " + ACCESS_KEY.name() + " and " + SECRET_KEY.name()
                + " (or $" + ACCESS_KEY_VARIABLE + " and $" + SECRET_KEY_VARIABLE + ") to sign the dashboard's requests, "
                + "or neither; only " + (ak ? ACCESS_KEY.name() : SECRET_KEY.name()) + " is set");
        }
        return ak ? new SessionCredentials(accessKey.trim(), secretKey) : null;
    }

    private DashboardConfig() {
    }
}
