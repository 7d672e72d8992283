package dev.petrel.broker;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.store.StoreConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** broker.conf as data: Apache's names and 5.3.1 defaults, one definition for broker, store and remoting keys. */
class BrokerConfigTest {

    @Test
    void apacheDefaults() {
        Config c = BrokerConfig.defaults();
        assertThat(c.get(BrokerConfig.BROKER_CLUSTER_NAME)).isEqualTo("DefaultCluster");
        assertThat(c.get(BrokerConfig.LISTEN_PORT)).isEqualTo(10911);
        assertThat(c.get(BrokerConfig.DEFAULT_TOPIC_QUEUE_NUMS)).isEqualTo(8);
        assertThat(c.get(BrokerConfig.AUTO_CREATE_TOPIC_ENABLE)).isTrue();
        assertThat(c.get(BrokerConfig.AUTO_CREATE_SUBSCRIPTION_GROUP)).isTrue();
        assertThat(c.get(BrokerConfig.BROKER_PERMISSION)).isEqualTo(6);
        assertThat(c.get(BrokerConfig.REGISTER_NAME_SERVER_PERIOD)).isEqualTo(30_000);
        assertThat(c.get(BrokerConfig.FLUSH_CONSUMER_OFFSET_INTERVAL)).isEqualTo(5_000);
        assertThat(c.get(BrokerConfig.CHANNEL_EXPIRED_TIMEOUT)).isEqualTo(120_000L);
        assertThat(c.get(BrokerConfig.ENABLE_PROPERTY_FILTER)).isFalse();
        assertThat(c.get(BrokerConfig.USE_SERVER_SIDE_RESET_OFFSET)).isTrue();
        assertThat(c.get(BrokerConfig.SEND_THREAD_POOL_QUEUE_CAPACITY)).isEqualTo(10_000);
        assertThat(c.get(StoreConfig.FLUSH_DISK_TYPE)).isEqualTo(StoreConfig.FlushDiskType.ASYNC_FLUSH);
        assertThat(c.get(StoreConfig.STORE_PATH_ROOT_DIR)).isEqualTo("${user.home}/store");
    }

    @Test
    void aTypicalBrokerConfParsesWithoutUnknownKeys() {
        Map<String, String> conf = Map.of("brokerClusterName", "DefaultCluster", "brokerName", "broker-a", "brokerId", "0",
            "deleteWhen", "04", "fileReservedTime", "48", "brokerRole", "ASYNC_MASTER", "flushDiskType", "SYNC_FLUSH",
            "namesrvAddr", "127.0.0.1:9876", "listenPort", "10911");
        java.util.List<String> unknown = new java.util.ArrayList<>();
        Config c = BrokerConfig.FILE.parse(conf, unknown::add);
        assertThat(unknown).isEmpty();
        assertThat(c.get(BrokerConfig.BROKER_ROLE)).isEqualTo(BrokerConfig.BrokerRole.ASYNC_MASTER);
        assertThat(c.get(StoreConfig.FLUSH_DISK_TYPE)).isEqualTo(StoreConfig.FlushDiskType.SYNC_FLUSH);
        assertThat(c.get(BrokerConfig.NAMESRV_ADDR)).isEqualTo("127.0.0.1:9876");
    }

    @Test
    void theFileDefinitionHoldsStoreAndRemotingKeysOnceAndDynamicKeysAreTheRuntimeOnes() {
        assertThat(BrokerConfig.FILE.key("listenPort")).isSameAs(BrokerConfig.LISTEN_PORT);
        assertThat(BrokerConfig.FILE.key("storePathCommitLog")).isNotNull();
        assertThat(BrokerConfig.FILE.key("serverSelectorThreads")).isNotNull();
        assertThat(BrokerConfig.FILE.key("clientWorkerThreads")).isNotNull();
        assertThat(BrokerConfig.FILE.key("com.rocketmq.remoting.frameMaxLength")).isNotNull();
        assertThat(BrokerConfig.FILE.keys().stream().filter(ConfigKey::isDynamic).map(ConfigKey::name)
            .collect(Collectors.toSet())).contains("brokerPermission", "regionId", "traceOn", "longPollingEnable",
                "enablePropertyFilter", "autoCreateSubscriptionGroup").doesNotContain("listenPort", "brokerName");
        assertThat(BrokerConfig.DEF.toMarkdownTable()).contains("| `autoCreateTopicEnable` | Boolean | `true` |");
    }
}
