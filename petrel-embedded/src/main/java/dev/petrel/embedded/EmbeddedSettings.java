package dev.petrel.embedded;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import dev.petrel.namesrv.NamesrvConfig;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The embedded mode's configuration, as data: loopback only, free ports, small files and few threads, because it
 * runs inside a test JVM next to the application and often several times per build.
 */
final class EmbeddedSettings {

    /** Keys the embedded mode chooses itself. */
    static final Set<String> RESERVED_BROKER_KEYS = Set.of("listenPort", "namesrvAddr", "storePathRootDir",
        "brokerIP1", "bindAddress", "brokerName", "brokerClusterName");

    private EmbeddedSettings() {
    }

    static Config namesrv(Path root) {
        Map<String, String> raw = new HashMap<>();
        raw.put("listenPort", "0");
        raw.put("bindAddress", "127.0.0.1");
        raw.put("kvConfigPath", root.resolve("namesrv").resolve("kvConfig.json").toString());
        raw.put("configStorePath", root.resolve("namesrv").resolve("namesrv.properties").toString());
        raw.put("defaultThreadPoolNums", "2");
        raw.put("clientRequestThreadPoolNums", "2");
        raw.put("serverSelectorThreads", "1");
        raw.put("serverWorkerThreads", "2");
        return NamesrvConfig.DEFINITION.parse(raw, unknown -> {
            throw new ConfigException("unknown NameServer property " + unknown);
        });
    }

    static Config broker(Path root, String namesrvAddr, Map<String, String> overrides) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", root.resolve("broker").toString());
        raw.put("listenPort", "0");
        raw.put("bindAddress", "127.0.0.1");
        raw.put("brokerIP1", "127.0.0.1");
        raw.put("namesrvAddr", namesrvAddr);
        raw.put("brokerName", EmbeddedPetrel.BROKER_NAME);
        raw.put("brokerClusterName", EmbeddedPetrel.CLUSTER);
        // Files are mapped, not filled: small sizes keep a test's address space and disk modest.
        raw.put("mappedFileSizeCommitLog", Integer.toString(64 * 1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(300_000));
        raw.put("sendMessageThreadPoolNums", "2");
        raw.put("pullMessageThreadPoolNums", "4");
        raw.put("litePullMessageThreadPoolNums", "2");
        raw.put("queryMessageThreadPoolNums", "2");
        raw.put("adminBrokerThreadPoolNums", "2");
        raw.put("clientManageThreadPoolNums", "2");
        raw.put("consumerManageThreadPoolNums", "2");
        raw.put("heartbeatThreadPoolNums", "2");
        raw.put("serverSelectorThreads", "2");
        raw.putAll(overrides);
        return BrokerConfig.FILE.parse(raw, unknown -> {
            throw new ConfigException("unknown broker property " + unknown + "; see docs/configuration.md");
        });
    }
}
