package dev.petrel.client;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.common.time.Clock;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingCommonConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every client builder accepts: the shared {@link ClientConfig} settings, the remoting client's settings, and
 * the client's own keys. Values can be set typed ({@link #set}), by RocketMQ property name ({@link #properties}) or
 * with the convenience methods of each builder. Not thread-safe.
 *
 * @param <B> the concrete builder
 */
public abstract class ClientBuilder<B extends ClientBuilder<B>> {

    private static final Logger LOG = LoggerFactory.getLogger(ClientBuilder.class);

    private final ConfigDef definition;
    private final Map<String, String> raw = new LinkedHashMap<>();
    private final Map<ConfigKey<?>, Object> typed = new LinkedHashMap<>();
    private Clock clock = Clock.system();

    protected ClientBuilder(String component, ConfigDef own) {
        this.definition = own.plus(component, ClientConfig.DEFINITION)
            .plus(component, RemotingClientConfig.DEFINITION).plus(component, RemotingCommonConfig.DEFINITION);
    }

    @SuppressWarnings("unchecked")
    protected final B self() {
        return (B) this;
    }

    /** NameServer addresses, {@code host:port;host:port}. */
    public B namesrvAddr(String addresses) {
        return set(ClientConfig.NAMESRV_ADDR, addresses);
    }

    /** Clients with different instance names get separate connections and client ids. */
    public B instanceName(String name) {
        return set(ClientConfig.INSTANCE_NAME, name);
    }

    /**
     * Signs every request with these ACL credentials (RocketMQ's {@code AclClientRPCHook} with
     * {@code SessionCredentials(accessKey, secretKey)}), so brokers with ACL enabled accept them.
     */
    public B credentials(String accessKey, String secretKey) {
        return set(ClientConfig.ACCESS_KEY, accessKey).set(ClientConfig.SECRET_KEY, secretKey);
    }

    /**
     * Opens every connection with TLS (RocketMQ's {@code setUseTLS(true)}; the property {@code useTLS} or
     * {@code -Dtls.enable=true} does the same). The server's certificate is trusted unless
     * {@code tls.client.authServer=true} with {@code tls.client.trustCertPath}; see docs/security.md, "TLS".
     */
    public B useTls(boolean on) {
        return set(RemotingClientConfig.USE_TLS, on);
    }

    /** Sets one property, typed. */
    public <T> B set(ConfigKey<T> key, T value) {
        if (definition.key(key.name()) == null) {
            throw new IllegalArgumentException("property " + key.name() + " does not apply to " + definition.component());
        }
        typed.put(key, key.validate(value));
        return self();
    }

    /**
     * Sets properties by RocketMQ name ({@code sendMsgTimeout}, {@code consumeThreadMax}, ...). Names this client
     * does not know are logged and ignored, since RocketMQ configuration files often carry more.
     */
    public B properties(Properties properties) {
        for (String name : properties.stringPropertyNames()) {
            raw.put(name, properties.getProperty(name));
        }
        return self();
    }

    /** The clock the client takes time from (tests and embedded mode); the system clock by default. */
    public B clock(Clock value) {
        this.clock = Objects.requireNonNull(value, "clock");
        return self();
    }

    protected final Clock clock() {
        return clock;
    }

    /** The validated configuration: defaults, then {@link #properties}, then typed values. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected final Config config() {
        Config config = definition.parse(raw, unknown -> LOG.warn("{}: property {} is not known here; ignored",
            definition.component(), unknown));
        for (Map.Entry<ConfigKey<?>, Object> e : typed.entrySet()) {
            config = config.with((ConfigKey) e.getKey(), e.getValue());
        }
        return config;
    }
}
