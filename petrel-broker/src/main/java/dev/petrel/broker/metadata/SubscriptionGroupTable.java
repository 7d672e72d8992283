package dev.petrel.broker.metadata;

import dev.petrel.common.time.Clock;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.subscription.SubscriptionGroupWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Consumer group configurations ({@code config/subscriptionGroup.json}, Apache's {@code SubscriptionGroupWrapper}
 * format): Apache's predefined groups, groups created by admins, and groups created on first use while
 * {@code autoCreateSubscriptionGroup} is true (or whose name starts with {@code CID_RMQ_SYS_}).
 *
 * <p>Threads: reads are lock-free; changes (heartbeat and pull threads auto-creating, admin threads) are serialised
 * by this object's monitor, which also covers writing the file.
 */
public final class SubscriptionGroupTable {

    private static final Logger LOG = LoggerFactory.getLogger(SubscriptionGroupTable.class);

    public static final String SYSTEM_GROUP_PREFIX = "CID_RMQ_SYS_";
    /** Created at start as Apache does; the ONS ones allow broadcasting (their default is true anyway). */
    static final List<String> PREDEFINED = List.of("TOOLS_CONSUMER", "FILTERSRV_CONSUMER", "SELF_TEST_C_GROUP",
        "CID_ONS-HTTP-PROXY", "CID_ONSAPI_PULL", "CID_ONSAPI_PERMISSION", "CID_ONSAPI_OWNER", "CID_RMQ_SYS_TRANS");

    private final ConfigFile file;
    private final Clock clock;
    private final BooleanSupplier autoCreate;
    private final ConcurrentHashMap<String, SubscriptionGroupConfig> groups = new ConcurrentHashMap<>();
    private volatile DataVersion dataVersion;

    /** @param autoCreate reads {@code autoCreateSubscriptionGroup} (dynamic) on each lookup */
    public SubscriptionGroupTable(ConfigFile file, Clock clock, BooleanSupplier autoCreate) {
        this.file = file;
        this.clock = clock;
        this.autoCreate = autoCreate;
        this.dataVersion = DataVersion.initial(clock.millis());
    }

    public synchronized void load() {
        for (String name : PREDEFINED) {
            groups.put(name, SubscriptionGroupConfig.of(name));
        }
        SubscriptionGroupWrapper stored = file.load(SubscriptionGroupWrapper.CODEC::decode);
        if (stored != null) {
            groups.putAll(stored.subscriptionGroupTable());
            if (stored.dataVersion() != null) {
                dataVersion = stored.dataVersion();
            }
        }
        LOG.info("loaded {} subscription groups from {}", groups.size(), file.path());
    }

    /** The group's config without creating it. */
    public SubscriptionGroupConfig get(String group) {
        return groups.get(group);
    }

    public boolean contains(String group) {
        return groups.containsKey(group);
    }

    /**
     * The group's config, created with defaults when absent and auto-creation is on (or it is a system group);
     * null when it does not exist and may not be created, or the name is not a valid group name.
     */
    public SubscriptionGroupConfig find(String group) {
        SubscriptionGroupConfig config = groups.get(group);
        if (config != null) {
            return config;
        }
        if (!autoCreate.getAsBoolean() && !group.startsWith(SYSTEM_GROUP_PREFIX)) {
            return null;
        }
        if (NameValidator.validateGroup(group) != null) {
            return null;
        }
        synchronized (this) {
            config = groups.get(group);
            if (config == null) {
                config = SubscriptionGroupConfig.of(group);
                groups.put(group, config);
                changed();
                LOG.info("auto-created subscription group {}", group);
            }
            return config;
        }
    }

    /** Writes the file (graceful shutdown). */
    public synchronized void persistNow() {
        persist();
    }

    /** Creates or replaces a group (admin). */
    public synchronized void put(SubscriptionGroupConfig config) {
        SubscriptionGroupConfig previous = groups.put(config.groupName(), config);
        changed();
        LOG.info("subscription group {} {}", config.groupName(), previous == null ? "created" : "updated");
    }

    public synchronized void putAll(List<SubscriptionGroupConfig> configs) {
        configs.forEach(c -> groups.put(c.groupName(), c));
        changed();
    }

    /**
     * A slave adopts its master's groups (SlaveSynchronize): when {@code version} differs, the table becomes the
     * master's (one step under the monitor: readers see the old or the new entry of each group), its version adopted
     * and the file written.
     *
     * @return whether anything was adopted (false: same version)
     */
    public synchronized boolean replaceFromMaster(DataVersion version, Map<String, SubscriptionGroupConfig> master) {
        if (version != null && version.equals(dataVersion)) {
            return false;
        }
        groups.putAll(master);
        groups.keySet().removeIf(g -> !master.containsKey(g));
        dataVersion = version != null ? version : dataVersion.next(clock.millis());
        persist();
        LOG.info("adopted {} subscription groups from the master", master.size());
        return true;
    }

    public synchronized boolean remove(String group) {
        if (groups.remove(group) == null) {
            return false;
        }
        changed();
        LOG.info("subscription group {} deleted", group);
        return true;
    }

    public Map<String, SubscriptionGroupConfig> all() {
        return Collections.unmodifiableMap(new TreeMap<>(groups));
    }

    public DataVersion dataVersion() {
        return dataVersion;
    }

    public synchronized SubscriptionGroupWrapper snapshot() {
        return new SubscriptionGroupWrapper(dataVersion, null, new TreeMap<>(groups));
    }

    private void changed() {
        dataVersion = dataVersion.next(clock.millis());
        persist();
    }

    private void persist() {
        file.write(ProtocolJson.codec().encodePretty(new SubscriptionGroupWrapper(dataVersion, null, new TreeMap<>(groups))));
    }
}
