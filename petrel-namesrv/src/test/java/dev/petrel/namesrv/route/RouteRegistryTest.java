package dev.petrel.namesrv.route;

import static dev.petrel.namesrv.route.Registrations.CLUSTER;
import static dev.petrel.namesrv.route.Registrations.broker;
import static dev.petrel.namesrv.route.Registrations.master;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.ManualClock;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicFilterType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RouteRegistryTest {

    private static final String A0 = "10.0.0.1:10911";
    private static final String A1 = "10.0.0.2:10911";
    private static final String B0 = "10.0.0.3:10911";

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final Object conn1 = new Object();
    private final Object conn2 = new Object();
    private RouteRegistry registry = new RouteRegistry(NamesrvConfig.defaults(), clock);

    private static QueueData queues(String broker, int perm, int n) {
        return new QueueData(broker, perm, n, 0, n);
    }

    private TopicRouteData route(String topic) {
        TopicRoute route = registry.route(topic);
        return route == null ? null : route.data();
    }

    @Test
    void aMastersRegistrationPublishesRoutesAndClusterInfo() {
        RegistrationResult result = registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("TBW102", 8, 7)
            .build(), conn1);

        assertThat(result).isEqualTo(new RegistrationResult(RegistrationResult.Status.ACCEPTED, null, null));
        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 6, 4));
        assertThat(route("T1").brokerDatas()).containsExactly(new BrokerData(Map.of(0L, A0), "broker-a", CLUSTER, false,
            null));
        assertThat(route("T1").filterServerTable()).isEmpty();
        assertThat(route("TBW102").queueDatas()).containsExactly(queues("broker-a", 7, 8));
        assertThat(registry.clusterInfo().clusterAddrTable()).containsExactly(Map.entry(CLUSTER, Set.of("broker-a")));
        assertThat(registry.clusterInfo().brokerAddrTable()).containsOnlyKeys("broker-a");
        assertThat(registry.topicNames()).containsExactly("T1", "TBW102");
        assertThat(registry.dataVersion(new BrokerKey(CLUSTER, A0))).isEqualTo(new DataVersion(1, 0, 1_000));
        assertThat(route("unknown")).isNull();
    }

    @Test
    void reRegistrationWithTheSameDataVersionDoesNotReapplyTopicConfigs() {
        registry.register(master("broker-a", A0).version(1).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);

        registry.register(master("broker-a", A0).version(1).topic("T1", 8, 6).topic("T2", 4, 6).build(), conn1);
        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 6, 4));

        registry.register(master("broker-a", A0).version(2).topic("T1", 8, 6).topic("T2", 4, 6).build(), conn1);
        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 6, 8));
    }

    @Test
    void theSameDataVersionStillAddsATopicTheBrokerDoesNotHostYet() {
        registry.register(master("broker-a", A0).version(1).topic("T1", 4, 6).topic("T0", 4, 6).build(), conn1);
        registry.register(master("broker-a", A0).version(1).topic("T1", 4, 6).topic("T2", 2, 6).build(), conn1);

        assertThat(route("T2").queueDatas()).containsExactly(queues("broker-a", 6, 2));
    }

    @Test
    void partialRegistrationsMergeAndNeverDeleteMissingTopics() {
        registry.register(master("broker-a", A0).version(1).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        registry.register(master("broker-a", A0).version(2).topic("T3", 1, 6).build(), conn1);

        assertThat(registry.topicNames()).containsExactly("T1", "T2", "T3");
    }

    @Test
    void deleteTopicWithBrokerRegistrationRemovesTopicsMissingFromAMastersRegistration() {
        registry = new RouteRegistry(NamesrvConfig.defaults()
            .with(NamesrvConfig.DELETE_TOPIC_WITH_BROKER_REGISTRATION, true), clock);
        registry.register(master("broker-b", B0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn2);
        registry.register(master("broker-a", A0).version(1).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);

        registry.register(master("broker-a", A0).version(2).topic("T1", 4, 6).topic("T3", 4, 6).build(), conn1);

        assertThat(registry.topicNames()).containsExactly("T1", "T2", "T3");
        assertThat(route("T2").queueDatas()).extracting(QueueData::brokerName).containsExactly("broker-b");
        assertThat(route("T1").queueDatas()).extracting(QueueData::brokerName).containsExactly("broker-a", "broker-b");
    }

    @Test
    void aOneTopicRegistrationBeforeTheFullOneIsRefusedAndChangesNothing() {
        RegistrationResult result = registry.register(master("broker-a", A0).topic("T1", 4, 6).build(), conn1);

        assertThat(result.status()).isEqualTo(RegistrationResult.Status.REFUSED_BEFORE_FULL_REGISTRATION);
        assertThat(registry.clusterInfo().brokerAddrTable()).isEmpty();
        assertThat(registry.clusterInfo().clusterAddrTable()).isEmpty();
        assertThat(registry.topicCount()).isZero();
        assertThat(registry.dataVersion(new BrokerKey(CLUSTER, A0))).isNull();

        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        RegistrationResult incremental = registry.register(master("broker-a", A0).version(5).topic("T3", 4, 6).build(),
            conn1);
        assertThat(incremental.status()).isEqualTo(RegistrationResult.Status.ACCEPTED);
        assertThat(route("T3")).isNotNull();
    }

    @Test
    void aSlaveLearnsItsMasterAndDoesNotChangeTheMastersTopics() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);

        RegistrationResult slave = registry.register(broker(CLUSTER, "broker-a", 1, A1).topic("T1", 16, 4)
            .topic("T9", 4, 6).build(), conn2);

        assertThat(slave).isEqualTo(new RegistrationResult(RegistrationResult.Status.ACCEPTED, "10.0.0.1:10912", A0));
        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 6, 4));
        assertThat(route("T9")).isNull();
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, A0), Map.entry(1L, A1));
    }

    @Test
    void aSlaveWithoutMasterRegistersTopicsOnlyWhenItKnowsActingMasters() {
        registry.register(broker(CLUSTER, "broker-a", 1, A1).actingMaster(null).topic("T1", 4, 6).topic("T2", 4, 6)
            .build(), conn1);
        assertThat(registry.topicCount()).as("a 4.x slave never registers topics").isZero();
        assertThat(registry.clusterInfo().brokerAddrTable().get("broker-a").brokerAddrs()).containsOnlyKeys(1L);

        registry.register(broker(CLUSTER, "broker-a", 1, A1).version(2).actingMaster(false).topic("T1", 4, 6)
            .topic("T2", 4, 6).build(), conn1);
        assertThat(route("T1").queueDatas()).as("a 5.x prime slave's topics keep their perm")
            .containsExactly(queues("broker-a", 6, 4));
    }

    @Test
    void anAddressMovedToAnotherIdLeavesItsOldId() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        registry.register(broker(CLUSTER, "broker-a", 1, A1).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn2);

        registry.unregister(new BrokerKey(CLUSTER, A0), "broker-a");
        registry.register(broker(CLUSTER, "broker-a", 0, A1).version(2).topic("T1", 4, 6).topic("T2", 4, 6).build(),
            conn2);

        assertThat(registry.clusterInfo().brokerAddrTable().get("broker-a").brokerAddrs())
            .containsExactly(Map.entry(0L, A1));
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, A1));
    }

    @Test
    void anOlderStateVersionCannotTakeAnIdHeldByANewerOne() {
        registry.register(master("broker-a", A0).stateVersion(5).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);

        RegistrationResult stale = registry.register(broker(CLUSTER, "broker-a", 0, B0).stateVersion(3)
            .topic("T1", 1, 6).topic("T2", 1, 6).build(), conn2);

        assertThat(stale.status()).isEqualTo(RegistrationResult.Status.IGNORED_STALE_STATE);
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, A0));
        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 6, 4));
        assertThat(registry.dataVersion(new BrokerKey(CLUSTER, B0))).isNull();
    }

    /**
     * A Raft fail-over as the brokers of a DLedger group register it (the leader's state version is the term it was
     * promoted in, a follower's 0): the deposed leader's late registration as brokerId 0 with its older term is
     * ignored, and its re-registration as a follower does not remove the new leader's brokerId 0. With equal state
     * versions (what the brokers sent before) the first would take brokerId 0 back and the second drop it.
     */
    @Test
    void aDeposedLeaderCannotTakeBrokerIdZeroBackNorRemoveItsSuccessor() {
        Object connA = new Object();
        Object connB = new Object();
        registry.register(raftMember(0, A0, 3), connA);
        registry.register(raftMember(2, B0, 0), connB);
        // B is elected in term 4 and registers as brokerId 0.
        registry.register(raftMember(0, B0, 4), connB);
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, B0));

        // A, isolated and still leader of term 3, registers before it learns of term 4.
        RegistrationResult late = registry.register(raftMember(0, A0, 3), connA);
        assertThat(late.status()).isEqualTo(RegistrationResult.Status.IGNORED_STALE_STATE);
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, B0));

        // A steps down and registers as a follower (selfId + 1 = 1).
        RegistrationResult follower = registry.register(raftMember(1, A0, 0), connA);
        assertThat(follower.status()).isEqualTo(RegistrationResult.Status.ACCEPTED);
        assertThat(follower.masterAddr()).isEqualTo(B0);
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsOnly(Map.entry(0L, B0), Map.entry(1L, A0));
        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 6, 4));
    }

    /** A full registration of broker-a (topics T1, T2) as {@code id} from {@code addr} with {@code stateVersion}. */
    private static BrokerRegistration raftMember(long id, String addr, long stateVersion) {
        return broker(CLUSTER, "broker-a", id, addr).stateVersion(stateVersion).topic("T1", 4, 6).topic("T2", 4, 6)
            .build();
    }

    @Test
    void theScanDropsBrokersSilentForLongerThanTheirTimeout() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        registry.register(master("broker-b", B0).timeout(10_000).topic("T1", 4, 6).topic("T3", 4, 6).build(), conn2);

        clock.advance(10_001, TimeUnit.MILLISECONDS);
        List<RemovedBroker> first = registry.expireSilentBrokers();
        assertThat(first).extracting(RemovedBroker::key).containsExactly(new BrokerKey(CLUSTER, B0));
        assertThat(first.get(0).connection()).isSameAs(conn2);
        assertThat(first.get(0).reason()).isEqualTo("silent for 10001 ms (limit 10000 ms)");
        assertThat(route("T3")).isNull();
        assertThat(route("T1").queueDatas()).extracting(QueueData::brokerName).containsExactly("broker-a");

        clock.advance(120_000 - 10_001, TimeUnit.MILLISECONDS);
        assertThat(registry.expireSilentBrokers()).as("exactly at the limit it is still alive").isEmpty();
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertThat(registry.expireSilentBrokers()).extracting(RemovedBroker::brokerName).containsExactly("broker-a");
        assertThat(registry.topicCount()).isZero();
        assertThat(registry.clusterInfo().brokerAddrTable()).isEmpty();
        assertThat(registry.clusterInfo().clusterAddrTable()).isEmpty();
    }

    @Test
    void theExpiryWindowIsConfigurableAndHeartbeatsExtendIt() {
        registry = new RouteRegistry(NamesrvConfig.defaults().with(NamesrvConfig.BROKER_CHANNEL_EXPIRED_TIME_MILLIS, 3_000L),
            clock);
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);

        clock.advance(2_000, TimeUnit.MILLISECONDS);
        assertThat(registry.touch(new BrokerKey(CLUSTER, A0))).isTrue();
        assertThat(registry.touch(new BrokerKey(CLUSTER, B0))).isFalse();
        clock.advance(2_000, TimeUnit.MILLISECONDS);
        assertThat(registry.expireSilentBrokers()).isEmpty();
        clock.advance(1_001, TimeUnit.MILLISECONDS);
        assertThat(registry.expireSilentBrokers()).hasSize(1);
    }

    @Test
    void aClosedConnectionDropsTheBrokersThatRegisteredOverIt() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);

        assertThat(registry.connectionClosed(conn2)).isEmpty();
        assertThat(route("T1")).isNotNull();

        List<RemovedBroker> removed = registry.connectionClosed(conn1);
        assertThat(removed).extracting(RemovedBroker::reason).containsExactly("connection closed");
        assertThat(route("T1")).isNull();
    }

    @Test
    void aReRegistrationOverANewConnectionSurvivesTheOldOnesClose() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn2);

        assertThat(registry.connectionClosed(conn1)).isEmpty();
        assertThat(route("T1")).isNotNull();
    }

    @Test
    void unregisteringASlaveKeepsTheGroupAndUnregisteringTheLastAddressRemovesItsTopics() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        registry.register(broker(CLUSTER, "broker-a", 1, A1).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn2);

        assertThat(registry.unregister(new BrokerKey(CLUSTER, A1), "broker-a")).isNotNull();
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsOnlyKeys(0L);
        assertThat(registry.unregister(new BrokerKey(CLUSTER, A1), "broker-a")).as("already gone").isNull();

        registry.unregister(new BrokerKey(CLUSTER, A0), "broker-a");
        assertThat(registry.topicCount()).isZero();
        assertThat(registry.clusterInfo().brokerAddrTable()).isEmpty();
    }

    @Test
    void actingMasterWipesWritePermAndPresentsTheLowestSlaveAsMaster() {
        registry = new RouteRegistry(NamesrvConfig.defaults().with(NamesrvConfig.SUPPORT_ACTING_MASTER, true), clock);
        registry.register(master("broker-a", A0).actingMaster(true).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        registry.register(broker(CLUSTER, "broker-a", 1, A1).actingMaster(true).topic("T1", 4, 6).topic("T2", 4, 6)
            .build(), conn2);
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, A0), Map.entry(1L, A1));

        registry.connectionClosed(conn1);

        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 4, 4));
        assertThat(route("T1").brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, A1));
        assertThat(registry.clusterInfo().brokerAddrTable().get("broker-a").brokerAddrs())
            .as("cluster info shows the real ids").containsExactly(Map.entry(1L, A1));

        registry.register(broker(CLUSTER, "broker-a", 1, A1).version(9).actingMaster(true).topic("T1", 4, 6)
            .topic("T2", 4, 6).build(), conn2);
        assertThat(route("T2").queueDatas()).as("a prime slave registers read-only queues")
            .containsExactly(queues("broker-a", 4, 4));
    }

    @Test
    void topicsAreDeletedEverywhereOrPerCluster() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        registry.register(broker("Other", "broker-b", 0, B0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn2);

        assertThat(registry.deleteTopic("T1", "Other")).isEqualTo(1);
        assertThat(route("T1").queueDatas()).extracting(QueueData::brokerName).containsExactly("broker-a");
        assertThat(registry.deleteTopic("T1", "NoSuchCluster")).isZero();
        assertThat(registry.deleteTopic("T1", CLUSTER)).isEqualTo(1);
        assertThat(route("T1")).isNull();

        assertThat(registry.deleteTopic("T2")).isTrue();
        assertThat(registry.deleteTopic("T2")).isFalse();
        assertThat(registry.topicNames()).isEmpty();
    }

    @Test
    void writePermIsWipedAndAddedPerBroker() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("TBW102", 8, 7).build(), conn1);
        registry.register(master("broker-b", B0).topic("T1", 4, 6).topic("T2", 8, 6).build(), conn2);

        assertThat(registry.wipeWritePerm("broker-a")).isEqualTo(2);
        assertThat(route("TBW102").queueDatas()).containsExactly(queues("broker-a", 5, 8));
        assertThat(route("T1").queueDatas()).containsExactly(queues("broker-a", 4, 4), queues("broker-b", 6, 4));

        assertThat(registry.addWritePerm("broker-a")).isEqualTo(2);
        assertThat(route("TBW102").queueDatas()).as("as in RocketMQ: exactly read+write")
            .containsExactly(queues("broker-a", 6, 8));
        assertThat(registry.wipeWritePerm("no-such-broker")).isZero();
    }

    /** Found by the interop test: an insert that grew the topic table past its threshold, then a wipe. */
    @Test
    void wipeCountsEachTopicOnceAfterTheTopicTableGrew() {
        // The twelve topics a fresh Apache 5.3.1 broker registers, then one created by an administrator.
        Registrations full = master("broker-a", A0).version(1);
        for (String topic : List.of("RMQ_SYS_TRANS_HALF_TOPIC", "Cluster_REPLY_TOPIC", "Cluster", "BenchmarkTest",
            "rmq_sys_REVIVE_LOG_Cluster", "OFFSET_MOVED_EVENT", "broker-a", "TBW102", "SELF_TEST_TOPIC",
            "SCHEDULE_TOPIC_XXXX", "RMQ_SYS_TRANS_OP_HALF_TOPIC", "rmq_sys_SYNC_BROKER_MEMBER_broker-a")) {
            full.topic(topic, 4, 6);
        }
        registry.register(full.build(), conn1);
        registry.register(master("broker-a", A0).version(2).topic("CompatTopic", 4, 6).build(), conn1);

        assertThat(registry.wipeWritePerm("broker-a")).isEqualTo(13);
        assertThat(registry.addWritePerm("broker-a")).isEqualTo(13);
        assertThat(registry.topicNames()).hasSize(13);
    }

    @Test
    void registerTopicNeedsKnownBrokersAndChangesNothingOtherwise() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);

        assertThat(registry.registerTopic("T5", List.of(queues("broker-a", 6, 2), queues("broker-x", 6, 2))))
            .isEqualTo("broker-x");
        assertThat(route("T5")).isNull();

        assertThat(registry.registerTopic("T5", List.of(queues("broker-a", 6, 2)))).isNull();
        assertThat(route("T5").queueDatas()).containsExactly(queues("broker-a", 6, 2));
    }

    @Test
    void listsAndGroupsComeFromThePublishedState() {
        registry.register(master("broker-a", A0).topic(new TopicConfig("U", 4, 4, 6, TopicFilterType.SINGLE_TAG, 1,
            false, Map.of())).topic(new TopicConfig("S", 4, 4, 6, TopicFilterType.SINGLE_TAG, 2, false, Map.of()))
            .topic(new TopicConfig("US", 4, 4, 6, TopicFilterType.SINGLE_TAG, 3, false, Map.of())).build(), conn1);
        registry.register(broker("Other", "broker-b", 0, B0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn2);
        registry.register(broker("Other", "broker-b", 1, "10.0.0.4:10911").topic("T1", 4, 6).topic("T2", 4, 6).build(),
            conn2);

        assertThat(registry.topicsOfCluster("Other")).containsExactly("T1", "T2");
        assertThat(registry.topicsOfCluster("None")).isEmpty();
        assertThat(registry.unitTopics()).containsExactly("U", "US");
        assertThat(registry.unitSubTopics()).containsExactly("S", "US");
        assertThat(registry.unitSubNonUnitTopics()).containsExactly("S");
        assertThat(registry.systemTopics().topicList()).containsExactlyInAnyOrder(CLUSTER, "broker-a", "Other",
            "broker-b");
        assertThat(registry.systemTopics().brokerAddr()).isIn(A0, B0);
        assertThat(registry.memberGroup("Other", "broker-b").brokerAddrs()).containsOnlyKeys(0L, 1L);
        assertThat(registry.memberGroup("Other", "nobody").brokerAddrs()).isEmpty();
        assertThat(registry.membership().brokerAddrCount()).isEqualTo(3);
    }

    @Test
    void filterServersAppearInTheRouteOfTheirBroker() {
        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6)
            .filterServers(List.of("10.0.0.1:8081")).build(), conn1);
        assertThat(route("T1").filterServerTable()).containsExactly(Map.entry(A0, List.of("10.0.0.1:8081")));

        registry.register(master("broker-a", A0).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        assertThat(route("T1").filterServerTable()).isEmpty();
    }

    @Test
    void aPublishedRouteNeverChangesUnderItsReader() {
        registry.register(master("broker-a", A0).version(1).topic("T1", 4, 6).topic("T2", 4, 6).build(), conn1);
        TopicRoute before = registry.route("T1");
        byte[] body = before.body(true);

        registry.register(master("broker-a", A0).version(2).topic("T1", 8, 6).topic("T2", 4, 6).build(), conn1);

        assertThat(before.data().queueDatas()).containsExactly(queues("broker-a", 6, 4));
        assertThat(before.body(true)).isSameAs(body);
        assertThat(registry.route("T1")).isNotSameAs(before);
        assertThat(registry.route("T2")).as("an unchanged topic keeps its route and cached body")
            .isSameAs(registry.route("T2"));
    }
}
