package dev.petrel.dashboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicFilterType;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pure rules behind the pages: topic types, permission letters, runtime-info numbers, system groups. */
class NamingRulesTest {

    @Test
    void topicTypesFollowRocketMqDashboard() {
        Set<String> brokers = Set.of("DefaultCluster", "broker-a");
        assertThat(TopicApi.type("%RETRY%billing", null, brokers)).isEqualTo("RETRY");
        assertThat(TopicApi.type("%DLQ%billing", null, brokers)).isEqualTo("DLQ");
        assertThat(TopicApi.type("TBW102", null, brokers)).isEqualTo("SYSTEM");
        assertThat(TopicApi.type("broker-a", null, brokers)).isEqualTo("SYSTEM");
        assertThat(TopicApi.type("RMQ_SYS_TRACE_TOPIC", null, brokers)).isEqualTo("SYSTEM");
        assertThat(TopicApi.type("rmq_sys_wheel_timer", null, brokers)).isEqualTo("SYSTEM");
        assertThat(TopicApi.type("DefaultCluster_REPLY_TOPIC", null, brokers)).isEqualTo("SYSTEM");
        assertThat(TopicApi.type("Orders_REPLY_TOPIC", null, brokers)).isEqualTo("NORMAL");
        assertThat(TopicApi.type("Orders", null, brokers)).isEqualTo("NORMAL");
        assertThat(TopicApi.type("Orders", new TopicConfig("Orders", 1, 1, 6, TopicFilterType.SINGLE_TAG, 0, false,
            Map.of("message.type", "DELAY")), brokers)).isEqualTo("DELAY");
        assertThat(TopicApi.type("Orders", new TopicConfig("Orders", 1, 1, 6, TopicFilterType.SINGLE_TAG, 0, true,
            Map.of()), brokers)).isEqualTo("FIFO");
    }

    @Test
    void permissionBitsReadAsLetters() {
        assertThat(TopicApi.permText(6)).isEqualTo("RW");
        assertThat(TopicApi.permText(4)).isEqualTo("R");
        assertThat(TopicApi.permText(2)).isEqualTo("W");
        assertThat(TopicApi.permText(7)).isEqualTo("RW");
        assertThat(TopicApi.permText(0)).isEqualTo("-");
    }

    @Test
    void runtimeInfoFiguresTakeTheirFirstNumber() {
        assertThat(ClusterApi.firstNumber("12.5 11.0 10.2")).isEqualTo(12.5);
        assertThat(ClusterApi.firstNumber("0.0431")).isEqualTo(0.0431);
        assertThat(ClusterApi.firstNumber(" 7 ")).isEqualTo(7.0);
        assertThat(ClusterApi.firstNumber(null)).isNull();
        assertThat(ClusterApi.firstNumber("")).isNull();
        assertThat(ClusterApi.firstNumber("n/a")).isNull();
    }

    @Test
    void systemGroupsAreRecognised() {
        assertThat(GroupApi.isSystem("TOOLS_CONSUMER")).isTrue();
        assertThat(GroupApi.isSystem("CID_RMQ_SYS_TRANS")).isTrue();
        assertThat(GroupApi.isSystem("billing")).isFalse();
    }
}
