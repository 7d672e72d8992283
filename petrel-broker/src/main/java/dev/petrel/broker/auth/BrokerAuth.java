package dev.petrel.broker.auth;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.config.Config;
import dev.petrel.common.json.JsonCodec;
import dev.petrel.common.json.JsonException;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's ACL 2.0 parts, built from broker.conf ({@link AuthConfig}) and wired by {@code BrokerServer}: the user
 * and ACL table ({@code config/auth.json}), the request check (installed on the server only when authentication or
 * authorization is enabled), the AUTH_* admin processor (always served, so users can be created before ACL is
 * switched on), the start-up users, and the signing of the broker's own requests with
 * {@code innerClientAuthenticationCredentials}.
 */
public final class BrokerAuth {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerAuth.class);

    private final Config config;
    private final AuthMetadata metadata;
    private final AuthFailures failures;
    private final dev.petrel.remoting.RequestInterceptor interceptor;
    private final PlainAclWatcher plainAcl;
    private final SessionCredentials innerCredentials;
    private final AuthUser initUser;
    private final String clusterName;
    private final Clock clock;

    /**
     * @param configDir   {@code <storePathRootDir>/config}
     * @param clusterName the broker's cluster (the resource of cluster-level requests)
     * @throws IllegalArgumentException when aclEnable is on and no RocketMQ home directory is known
     */
    public BrokerAuth(Config config, Path configDir, String clusterName, Clock clock) {
        this.config = config;
        this.clusterName = clusterName;
        this.clock = clock;
        this.metadata = new AuthMetadata(new ConfigFile(configDir.resolve(AuthMetadata.FILE_NAME)));
        this.failures = new AuthFailures(clock);
        boolean authn = config.get(AuthConfig.AUTHENTICATION_ENABLED);
        boolean authz = config.get(AuthConfig.AUTHORIZATION_ENABLED);
        AuthInterceptor v2 = authn || authz ? new AuthInterceptor(authn, authz,
            codes(AuthConfig.AUTHENTICATION_WHITELIST.name(), config.get(AuthConfig.AUTHENTICATION_WHITELIST)),
            codes(AuthConfig.AUTHORIZATION_WHITELIST.name(), config.get(AuthConfig.AUTHORIZATION_WHITELIST)),
            metadata, clusterName, failures) : null;
        boolean v1 = config.get(AuthConfig.ACL_ENABLE);
        this.plainAcl = v1 || config.get(AuthConfig.MIGRATE_AUTH_FROM_V1_ENABLED)
            ? new PlainAclWatcher(rocketmqHome(config), setting(config, AuthConfig.ACL_PLAIN_FILE)) : null;
        this.interceptor = v1 ? new PlainAclInterceptor(new PlainAclChecker(plainAcl::accounts), v2, failures) : v2;
        this.innerCredentials = innerCredentials(config.get(AuthConfig.INNER_CLIENT_AUTHENTICATION_CREDENTIALS));
        this.initUser = initUser(config.get(AuthConfig.INIT_AUTHENTICATION_USER));
    }

    /**
     * Installs the check (when enabled) and the admin processors (ACL 2.0's AUTH_* and ACL 1.0's 50–53) on
     * {@code server}; before the server starts.
     *
     * @param brokerName and {@code brokerAddr}: who answers GET_BROKER_CLUSTER_ACL_INFO
     */
    public void register(RemotingServer server, String brokerName, String brokerAddr) {
        if (interceptor != null) {
            server.setInterceptor(interceptor);
        }
        ProcessorExecutor pool = new ProcessorExecutor("broker-auth-admin", 1, 1024, "(fixed: 1 thread, 1024 queued)");
        AuthAdminProcessor admin = new AuthAdminProcessor(metadata);
        for (int code : AuthAdminProcessor.CODES) {
            server.registerProcessor(code, admin, pool);
        }
        PlainAclAdminProcessor plain = new PlainAclAdminProcessor(config.get(AuthConfig.ACL_ENABLE) ? plainAcl : null,
            new PlainAclAdminProcessor.Identity(clusterName, brokerName, brokerAddr), clock);
        for (int code : PlainAclAdminProcessor.CODES) {
            server.registerProcessor(code, plain, pool);
        }
    }

    /** Signs every request {@code client} sends with the inner credentials, when they are configured. */
    public void signOutgoing(RemotingClient client) {
        if (innerCredentials != null) {
            SessionCredentials credentials = innerCredentials;
            client.setOutboundHook((address, request) -> RequestSignature.sign(request, credentials));
        }
    }

    /** Loads the users and ACLs and creates the start-up users (Super) that do not exist yet. */
    public void start() {
        metadata.load();
        if (initUser != null) {
            metadata.createIfAbsent(initUser);
        }
        if (innerCredentials != null) {
            metadata.createIfAbsent(new AuthUser(innerCredentials.accessKey(), innerCredentials.secretKey(),
                UserType.SUPER, UserStatus.ENABLE));
        }
        if (plainAcl != null) {
            plainAcl.load();
            PlainAclChecker.Accounts accounts = plainAcl.accounts();
            if (config.get(AuthConfig.MIGRATE_AUTH_FROM_V1_ENABLED)) {
                int n = PlainAclMigration.migrate(accounts, metadata);
                LOG.info("migrateAuthFromV1Enabled: {} of {} ACL 1.0 accounts imported as users and ACLs (the others "
                    + "were users already)", n, accounts.byAccessKey().size());
            }
            if (config.get(AuthConfig.ACL_ENABLE)) {
                LOG.info("ACL 1.0: {} accounts and {} global white addresses from {} (and conf/acl/), checked for "
                    + "changes every {} ms", accounts.byAccessKey().size(), accounts.globalWhite().size(),
                    plainAcl.defaultFile(), config.get(AuthConfig.ACL_FILE_CHECK_INTERVAL_MILLIS));
                plainAcl.start(config.get(AuthConfig.ACL_FILE_CHECK_INTERVAL_MILLIS));
            }
        }
        if (config.get(AuthConfig.AUTHENTICATION_ENABLED) || config.get(AuthConfig.AUTHORIZATION_ENABLED)) {
            LOG.info("ACL 2.0: authentication {}, authorization {}; {} users",
                config.get(AuthConfig.AUTHENTICATION_ENABLED) ? "on" : "off",
                config.get(AuthConfig.AUTHORIZATION_ENABLED) ? "on" : "off", metadata.listUsers(null).size());
        }
    }

    /** Stops the ACL 1.0 file watcher, if any. */
    public void close() {
        if (plainAcl != null) {
            plainAcl.close();
        }
    }

    /** Re-reads changed ACL 1.0 files now (tests; the watcher does it every aclFileCheckIntervalMillis). */
    public boolean pollPlainAcl() {
        return plainAcl != null && plainAcl.poll();
    }

    /** The ACL 1.0 home: broker.conf's rocketmqHome, else -Drocketmq.home.dir, else $ROCKETMQ_HOME (RocketMQ's order). */
    static Path rocketmqHome(Config config) {
        String home = setting(config, AuthConfig.ROCKETMQ_HOME);
        if (home == null || home.isBlank()) {
            throw new IllegalArgumentException("aclEnable / migrateAuthFromV1Enabled need RocketMQ's home directory, "
                + "where conf/plain_acl.yml lives: set rocketmqHome in broker.conf, -Drocketmq.home.dir or ROCKETMQ_HOME");
        }
        return Path.of(home).toAbsolutePath().normalize();
    }

    /** A text key's value: broker.conf's unless blank, then its system property or environment variable. */
    private static String setting(Config config, dev.petrel.common.config.ConfigKey<String> key) {
        String v = config.get(key);
        return v != null && !v.isBlank() ? v : key.resolvedDefault();
    }

    /** The request check, or null when neither authentication nor authorization is enabled. */
    public dev.petrel.remoting.RequestInterceptor interceptor() {
        return interceptor;
    }

    public AuthMetadata metadata() {
        return metadata;
    }

    /** Refused requests by reason, for metrics. */
    public AuthFailures failures() {
        return failures;
    }

    /** The credentials of the broker's own requests, or null. */
    public SessionCredentials innerCredentials() {
        return innerCredentials;
    }

    static Set<Integer> codes(String key, String text) {
        Set<Integer> out = new LinkedHashSet<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            try {
                out.add(Integer.parseInt(p));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " must be a comma-separated list of request code numbers, got '"
                    + AuthFailures.printable(p) + "'");
            }
        }
        return out;
    }

    /** The JSON of innerClientAuthenticationCredentials. */
    record InnerJson(String accessKey, String secretKey) {
    }

    /** The JSON of initAuthenticationUser. */
    record InitJson(String username, String password) {
    }

    private static SessionCredentials innerCredentials(String json) {
        InnerJson node = secretJson(AuthConfig.INNER_CLIENT_AUTHENTICATION_CREDENTIALS.name(), json, InnerJson.class);
        if (node == null) {
            return null;
        }
        String ak = node.accessKey() == null ? "" : node.accessKey();
        String sk = node.secretKey() == null ? "" : node.secretKey();
        if (ak.isBlank() || sk.isBlank()) {
            throw new IllegalArgumentException(AuthConfig.INNER_CLIENT_AUTHENTICATION_CREDENTIALS.name()
                + " must be JSON with non-blank accessKey and secretKey");
        }
        return new SessionCredentials(ak, sk);
    }

    private static AuthUser initUser(String json) {
        InitJson node = secretJson(AuthConfig.INIT_AUTHENTICATION_USER.name(), json, InitJson.class);
        if (node == null) {
            return null;
        }
        String username = node.username() == null ? "" : node.username();
        String password = node.password() == null ? "" : node.password();
        if (username.isBlank() || password.isBlank()) {
            throw new IllegalArgumentException(AuthConfig.INIT_AUTHENTICATION_USER.name()
                + " must be JSON with non-blank username and password");
        }
        return new AuthUser(username, password, UserType.SUPER, UserStatus.ENABLE);
    }

    /** Parses a secret-holding JSON value; the error never repeats the value. */
    private static <T> T secretJson(String key, String json, Class<T> type) {
        if (json == null || json.isBlank()) {
            return null;
        }
        try {
            return JsonCodec.standard().decode(json.getBytes(StandardCharsets.UTF_8), type);
        } catch (JsonException e) {
            throw new IllegalArgumentException(key + " is not valid JSON (value not shown: it holds a secret)");
        }
    }
}
