package dev.petrel.compat.protocol;

import static dev.petrel.compat.protocol.ApacheBodies.assertSame;
import static dev.petrel.compat.protocol.RouteAndRegistrationBodyCompatTest.apacheTopic;
import static dev.petrel.compat.protocol.RouteAndRegistrationBodyCompatTest.apacheVersion;
import static dev.petrel.compat.protocol.RouteAndRegistrationBodyCompatTest.petrelTopic;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.offset.ConsumerOffsetSerializeWrapper;
import dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper;
import dev.petrel.protocol.body.subscription.CustomizedRetryPolicy;
import dev.petrel.protocol.body.subscription.ExponentialRetryPolicy;
import dev.petrel.protocol.body.subscription.GroupRetryPolicy;
import dev.petrel.protocol.body.subscription.GroupRetryPolicyType;
import dev.petrel.protocol.body.subscription.SimpleSubscriptionData;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.subscription.SubscriptionGroupList;
import dev.petrel.protocol.body.subscription.SubscriptionGroupWrapper;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.rocketmq.broker.offset.ConsumerOffsetManager;
import org.apache.rocketmq.broker.subscription.SubscriptionGroupManager;
import org.apache.rocketmq.broker.topic.TopicConfigManager;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.junit.jupiter.api.Test;

/**
 * Subscription-group bodies and the broker's persisted files ({@code topics.json}, {@code subscriptionGroup.json},
 * {@code consumerOffset.json}, {@code delayOffset.json}) exactly as Apache's config managers write and read them.
 */
class ConfigFileCompatTest {

    private static org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig apacheGroup(String name) {
        org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig config =
            new org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig();
        config.setGroupName(name);
        return config;
    }

    @Test
    void subscriptionGroupConfigDefaultsAndEveryField() {
        assertSame(apacheGroup("cg"), RemotingSerializable.encode(apacheGroup("cg")), SubscriptionGroupConfig.CODEC, SubscriptionGroupConfig.of("cg"));

        org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig custom = apacheGroup("pop");
        custom.setConsumeEnable(false);
        custom.setConsumeFromMinEnable(false);
        custom.setConsumeBroadcastEnable(false);
        custom.setConsumeMessageOrderly(true);
        custom.setRetryQueueNums(0);
        custom.setRetryMaxTimes(3);
        custom.setBrokerId(1);
        custom.setWhichBrokerWhenConsumeSlowly(0);
        custom.setNotifyConsumerIdsChangedEnable(false);
        custom.setGroupSysFlag(2);
        custom.setConsumeTimeoutMinute(30);
        custom.setAttributes(new HashMap<>(Map.of("k", "v")));
        custom.setSubscriptionDataSet(new HashSet<>(Set.of(
            new org.apache.rocketmq.remoting.protocol.subscription.SimpleSubscriptionData("T", "TAG", "*", 5))));
        org.apache.rocketmq.remoting.protocol.subscription.GroupRetryPolicy policy =
            new org.apache.rocketmq.remoting.protocol.subscription.GroupRetryPolicy();
        policy.setType(org.apache.rocketmq.remoting.protocol.subscription.GroupRetryPolicyType.EXPONENTIAL);
        policy.setExponentialRetryPolicy(new org.apache.rocketmq.remoting.protocol.subscription.ExponentialRetryPolicy(1000, 60000, 3));
        policy.setCustomizedRetryPolicy(new org.apache.rocketmq.remoting.protocol.subscription.CustomizedRetryPolicy(new long[] {1, 2}));
        custom.setGroupRetryPolicy(policy);
        assertSame(custom, RemotingSerializable.encode(custom), SubscriptionGroupConfig.CODEC, new SubscriptionGroupConfig(Map.of("k", "v"), 1, false, false, false, true, 30,
            "pop", new GroupRetryPolicy(new CustomizedRetryPolicy(List.of(1L, 2L)), new ExponentialRetryPolicy(1000, 60000, 3),
                GroupRetryPolicyType.EXPONENTIAL), 2, false, 3, 0, Set.of(new SimpleSubscriptionData("*", "TAG", "T", 5)), 0));

        org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupList list =
            new org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupList(new ArrayList<>(List.of(apacheGroup("a"), apacheGroup("b"))));
        assertSame(list, SubscriptionGroupList.CODEC,
            new SubscriptionGroupList(List.of(SubscriptionGroupConfig.of("a"), SubscriptionGroupConfig.of("b"))));

        org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupWrapper wrapper =
            new org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupWrapper();
        wrapper.setDataVersion(apacheVersion(5, 1700000000000L));
        wrapper.setSubscriptionGroupTable(new ConcurrentHashMap<>(Map.of("cg", apacheGroup("cg"))));
        assertSame(wrapper, SubscriptionGroupWrapper.CODEC, new SubscriptionGroupWrapper(new DataVersion(5, 0, 1700000000000L), null,
            Map.of("cg", SubscriptionGroupConfig.of("cg"))));
    }

    @Test
    void topicsJson() {
        TopicConfigManager apache = new TopicConfigManager();
        apache.getTopicConfigTable().clear();
        apache.getTopicConfigTable().put("TopicTest", apacheTopic("TopicTest", 4, 4, 6));
        apache.getTopicConfigTable().put("%RETRY%cg", apacheTopic("%RETRY%cg", 1, 1, 6));
        apache.getDataVersion().assignNewOne(apacheVersion(9, 1700000000000L));
        String file = apache.encode(true);
        assertThat(file).contains("\n\t");

        TopicConfigSerializeWrapper petrel = TopicConfigSerializeWrapper.CODEC.decode(file.getBytes(StandardCharsets.UTF_8));
        assertThat(petrel).isEqualTo(new TopicConfigSerializeWrapper(new DataVersion(9, 0, 1700000000000L),
            Map.of("TopicTest", petrelTopic("TopicTest", 4, 4, 6), "%RETRY%cg", petrelTopic("%RETRY%cg", 1, 1, 6))));

        TopicConfigManager reread = new TopicConfigManager();
        reread.getTopicConfigTable().clear();
        reread.decode(new String(TopicConfigSerializeWrapper.CODEC.encode(petrel), StandardCharsets.UTF_8));
        assertThat(reread.getTopicConfigTable()).isEqualTo(apache.getTopicConfigTable());
        assertThat(reread.getDataVersion()).isEqualTo(apache.getDataVersion());
    }

    @Test
    void subscriptionGroupJson() {
        SubscriptionGroupManager apache = new SubscriptionGroupManager();
        apache.getSubscriptionGroupTable().clear();
        apache.getSubscriptionGroupTable().put("cg", apacheGroup("cg"));
        org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig orderly = apacheGroup("orderly");
        orderly.setConsumeMessageOrderly(true);
        apache.getSubscriptionGroupTable().put("orderly", orderly);
        apache.getForbiddenTable().put("cg", new ConcurrentHashMap<>(Map.of("TopicTest", 2)));
        apache.getDataVersion().assignNewOne(apacheVersion(4, 1700000000000L));
        String file = apache.encode(true);

        SubscriptionGroupConfig orderlyPetrel = new SubscriptionGroupConfig(Map.of(), 0, true, true, true, true, 15, "orderly",
            GroupRetryPolicy.DEFAULTS, 0, true, 16, 1, null, 1);
        SubscriptionGroupWrapper petrel = SubscriptionGroupWrapper.CODEC.decode(file.getBytes(StandardCharsets.UTF_8));
        assertThat(petrel).isEqualTo(new SubscriptionGroupWrapper(new DataVersion(4, 0, 1700000000000L),
            Map.of("cg", Map.of("TopicTest", 2)), Map.of("cg", SubscriptionGroupConfig.of("cg"), "orderly", orderlyPetrel)));

        SubscriptionGroupManager reread = new SubscriptionGroupManager();
        reread.getSubscriptionGroupTable().clear();
        reread.decode(new String(SubscriptionGroupWrapper.CODEC.encode(petrel), StandardCharsets.UTF_8));
        assertThat(ApacheBodies.canonical(reread.getSubscriptionGroupTable()))
            .isEqualTo(ApacheBodies.canonical(apache.getSubscriptionGroupTable()));
        assertThat(reread.getForbiddenTable()).isEqualTo(apache.getForbiddenTable());
        assertThat(reread.getDataVersion()).isEqualTo(apache.getDataVersion());
    }

    @Test
    void consumerOffsetJsonAndAllConsumerOffsets() {
        ConsumerOffsetManager apache = new ConsumerOffsetManager();
        ConcurrentMap<Integer, Long> queues = new ConcurrentHashMap<>(Map.of(0, 100L, 1, 200L, 15, 7L));
        apache.getOffsetTable().put("TopicTest@cg", queues);
        apache.getOffsetTable().put("%RETRY%cg@cg", new ConcurrentHashMap<>(Map.of(0, 0L)));
        apache.setDataVersion(apacheVersion(3, 1700000000000L));
        String file = apache.encode(true);
        assertThat(file).contains("groupTopicMap");

        ConsumerOffsetSerializeWrapper petrel = ConsumerOffsetSerializeWrapper.CODEC.decode(file.getBytes(StandardCharsets.UTF_8));
        Map<String, Map<Integer, Long>> offsets = new LinkedHashMap<>();
        offsets.put("TopicTest@cg", Map.of(0, 100L, 1, 200L, 15, 7L));
        offsets.put("%RETRY%cg@cg", Map.of(0, 0L));
        assertThat(petrel).isEqualTo(new ConsumerOffsetSerializeWrapper(new DataVersion(3, 0, 1700000000000L), offsets));

        ConsumerOffsetManager reread = new ConsumerOffsetManager();
        reread.decode(new String(ConsumerOffsetSerializeWrapper.CODEC.encode(petrel), StandardCharsets.UTF_8));
        assertThat(reread.getOffsetTable()).isEqualTo(apache.getOffsetTable());
        assertThat(reread.getDataVersion()).isEqualTo(apache.getDataVersion());

        // GET_ALL_CONSUMER_OFFSET (43) body.
        org.apache.rocketmq.remoting.protocol.body.ConsumerOffsetSerializeWrapper wire =
            new org.apache.rocketmq.remoting.protocol.body.ConsumerOffsetSerializeWrapper();
        wire.setOffsetTable(new ConcurrentHashMap<>(Map.of("TopicTest@cg", queues)));
        assertSame(wire, ConsumerOffsetSerializeWrapper.CODEC,
            new ConsumerOffsetSerializeWrapper(null, Map.of("TopicTest@cg", Map.of(0, 100L, 1, 200L, 15, 7L))));
    }

    @Test
    void delayOffsetJson() {
        org.apache.rocketmq.broker.schedule.DelayOffsetSerializeWrapper apache = new org.apache.rocketmq.broker.schedule.DelayOffsetSerializeWrapper();
        apache.setOffsetTable(new ConcurrentHashMap<>(Map.of(1, 5L, 2, 0L, 18, 7L)));
        apache.setDataVersion(apacheVersion(2, 1700000000000L));
        DelayOffsetSerializeWrapper petrel = new DelayOffsetSerializeWrapper(new DataVersion(2, 0, 1700000000000L),
            Map.of(1, 5L, 2, 0L, 18, 7L));
        // ScheduleMessageService persists toJson(pretty) of this wrapper and reads it back with fromJson.
        String file = apache.toJson(true);
        assertThat(DelayOffsetSerializeWrapper.CODEC.decode(file.getBytes(StandardCharsets.UTF_8))).isEqualTo(petrel);
        org.apache.rocketmq.broker.schedule.DelayOffsetSerializeWrapper reread = RemotingSerializable.fromJson(
            new String(DelayOffsetSerializeWrapper.CODEC.encode(petrel), StandardCharsets.UTF_8),
            org.apache.rocketmq.broker.schedule.DelayOffsetSerializeWrapper.class);
        assertThat(reread.getOffsetTable()).isEqualTo(apache.getOffsetTable());
        assertThat(reread.getDataVersion()).isEqualTo(apache.getDataVersion());
        // GET_ALL_DELAY_OFFSET (45) sends the same wrapper.
        assertSame(apache, DelayOffsetSerializeWrapper.CODEC, petrel);
    }

    @Test
    void brokerConfigPropertiesText() {
        java.util.Properties apache = new java.util.Properties();
        apache.setProperty("brokerName", "broker-a");
        apache.setProperty("listenPort", "10911");
        apache.setProperty("namesrvAddr", "127.0.0.1:9876;127.0.0.2:9876");
        // GET_BROKER_CONFIG body as the 5.3.1 broker writes it.
        byte[] fromApache = org.apache.rocketmq.common.MixAll.properties2String(apache, true).getBytes(StandardCharsets.UTF_8);
        Map<String, String> petrel = dev.petrel.protocol.body.PropertiesBodyCodec.decode(fromApache);
        assertThat(petrel).isEqualTo(Map.of("brokerName", "broker-a", "listenPort", "10911", "namesrvAddr", "127.0.0.1:9876;127.0.0.2:9876"));
        assertThat(ApacheBodies.text(dev.petrel.protocol.body.PropertiesBodyCodec.encode(petrel))).isEqualTo(ApacheBodies.text(fromApache));
        // Values Apache's own writer would mangle still reach Apache intact from Petrel.
        Map<String, String> tricky = Map.of("storePathRootDir", "C:\\store", "note", " leading\nnewline", "key with space", "v");
        java.util.Properties read = org.apache.rocketmq.common.MixAll.string2Properties(
            ApacheBodies.text(dev.petrel.protocol.body.PropertiesBodyCodec.encode(tricky)));
        assertThat(read).isEqualTo(new java.util.Properties() {{ putAll(tricky); }});
    }

    @Test
    void topicConfigReadsLikeApacheWhenPropertiesAreMissing() {
        String sparse = "{\"topicName\":\"Old\",\"perm\":7}";
        org.apache.rocketmq.common.TopicConfig apache = RemotingSerializable.fromJson(sparse, org.apache.rocketmq.common.TopicConfig.class);
        TopicConfig petrel = TopicConfig.CODEC.decode(sparse.getBytes(StandardCharsets.UTF_8));
        assertThat(ApacheBodies.text(TopicConfig.CODEC.encode(petrel))).isEqualTo(ApacheBodies.canonical(apache));
        String sparseGroup = "{\"groupName\":\"g\",\"retryMaxTimes\":5}";
        assertThat(ApacheBodies.text(SubscriptionGroupConfig.CODEC.encode(SubscriptionGroupConfig.CODEC.decode(
            sparseGroup.getBytes(StandardCharsets.UTF_8))))).isEqualTo(ApacheBodies.canonical(RemotingSerializable.fromJson(
            sparseGroup, org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig.class)));
    }
}
