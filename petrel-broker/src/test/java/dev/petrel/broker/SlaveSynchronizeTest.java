package dev.petrel.broker;

import dev.petrel.broker.ha.SlaveSynchronize;
import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.NameServer;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static dev.petrel.broker.BrokerFixture.pullHeader;
import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

/** The slave copies its master's topics, groups, consumer and delay offsets, and keeps what it was told meanwhile. */
class SlaveSynchronizeTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void slaveCopiesTopicsGroupsAndOffsetsAndPersistsThem() throws Exception {
        try (HaPair pair = new HaPair(dir, "ASYNC_MASTER", Map.of(), Map.of())) {
            assertThat(pair.master.call(RequestCode.UPDATE_AND_CREATE_TOPIC, new CreateTopicRequestHeader("SyncedT",
                "TBW102", 3, 3, 6, "SINGLE_TAG", 0, false, null, false, RpcFields.NONE), null).code())
                .isEqualTo(ResponseCode.SUCCESS);
            for (int i = 0; i < 5; i++) {
                assertThat(pair.master.send("SyncedT", 0, "m" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            // the pull creates the group on the master; the commit is the group's offset
            pair.master.pull(pullHeader("gSynced", "SyncedT", 0, 0, SUBSCRIPTION, 0, "*"));
            assertThat(pair.master.call(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader(
                "gSynced", "SyncedT", 0, 4, RpcFields.NONE), null).code()).isEqualTo(ResponseCode.SUCCESS);
            // a delayed message moves the master's delay progress once delivered (level 1: 1 s)
            assertThat(pair.master.send("SyncedT", 1, "later", "DELAY", "1").code()).isEqualTo(ResponseCode.SUCCESS);
            Await.until(WAIT, "delivered on the master",
                () -> pair.master.broker.store().maxOffsetInQueue("SyncedT", 1) == 1);

            pair.announceMaster();
            Await.until(WAIT, "synced", () -> pair.slave.broker.topics().contains("SyncedT")
                && pair.slave.broker.groups().contains("gSynced")
                && pair.slave.broker.offsets().query("gSynced", "SyncedT", 0) == 4
                && delayProgress(pair.slave) == delayProgress(pair.master) && delayProgress(pair.master) == 1);
            assertThat(pair.slave.broker.topics().get("SyncedT")).isEqualTo(pair.master.broker.topics().get("SyncedT"));
            assertThat(pair.slave.broker.topics().dataVersion()).isEqualTo(pair.master.broker.topics().dataVersion());
            Path config = pair.slave.dir.resolve("config");
            // A table is written right after it changes (the file follows the table it was read from).
            Await.until(WAIT, "tables written", () -> read(config.resolve("topics.json")).contains("SyncedT")
                && read(config.resolve("subscriptionGroup.json")).contains("gSynced")
                && read(config.resolve("consumerOffset.json")).contains("SyncedT@gSynced")
                && read(config.resolve("delayOffset.json")).contains("\"1\":1"));
        }
    }

    @Test
    void slaveMirrorsTheMastersUsersAndAcls() throws Exception {
        Map<String, String> auth = Map.of("authenticationEnabled", "true", "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"rootSecret-4410\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"innerSecret-9153\"}");
        try (HaPair pair = new HaPair(dir, "ASYNC_MASTER", auth, auth)) {
            dev.petrel.protocol.auth.SessionCredentials root =
                new dev.petrel.protocol.auth.SessionCredentials("root", "rootSecret-4410");
            assertThat(pair.master.call(dev.petrel.protocol.auth.RequestSignature.sign(RemotingCommand.request(
                RequestCode.AUTH_CREATE_USER, Map.of("username", "alice"),
                "{\"username\":\"alice\",\"password\":\"aliceSecret-77\"}".getBytes()), root)).code())
                .isEqualTo(ResponseCode.SUCCESS);
            assertThat(pair.master.call(dev.petrel.protocol.auth.RequestSignature.sign(RemotingCommand.request(
                RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), ("{\"policies\":[{\"entries\":[{"
                    + "\"resource\":\"Topic:orders\",\"actions\":[\"Sub\"],\"decision\":\"Allow\"}]}]}").getBytes()),
                root)).code()).isEqualTo(ResponseCode.SUCCESS);

            pair.announceMaster();
            Await.until(WAIT, "users and ACLs copied", () -> pair.slave.broker.auth().metadata().user("alice") != null
                && pair.slave.broker.auth().metadata().acl("User:alice") != null);
            assertThat(pair.slave.broker.auth().metadata().user("alice"))
                .isEqualTo(pair.master.broker.auth().metadata().user("alice"));
            assertThat(pair.slave.broker.auth().metadata().acl("User:alice"))
                .isEqualTo(pair.master.broker.auth().metadata().acl("User:alice"));
            Await.until(WAIT, "written", () -> read(pair.slave.dir.resolve("config/auth.json")).contains("alice"));

            assertThat(pair.master.call(dev.petrel.protocol.auth.RequestSignature.sign(RemotingCommand.request(
                RequestCode.AUTH_DELETE_USER, Map.of("username", "alice"), null), root)).code())
                .isEqualTo(ResponseCode.SUCCESS);
            pair.slaveReplication().slaveSynchronize().syncSoon();
            Await.until(WAIT, "the deletion copied", () -> pair.slave.broker.auth().metadata().user("alice") == null
                && pair.slave.broker.auth().metadata().acl("User:alice") == null);
        }
    }

    @Test
    void offsetsCommittedOnTheSlaveWhileTheMasterIsDownSurviveItsReturn() throws Exception {
        try (HaPair pair = new HaPair(dir, "ASYNC_MASTER", Map.of(), Map.of())) {
            for (int i = 0; i < 20; i++) {
                assertThat(pair.master.send("OffsetT", 0, "m" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            pair.master.pull(pullHeader("gOff", "OffsetT", 0, 0, SUBSCRIPTION, 0, "*"));
            commit(pair.master, 5);
            pair.announceMaster();
            SlaveSynchronize sync = pair.slaveReplication().slaveSynchronize();
            Await.until(WAIT, "first sync", () -> pair.slave.broker.offsets().query("gOff", "OffsetT", 0) == 5
                && pair.slave.broker.groups().contains("gOff"));

            pair.master.broker.close(); // the master is down: consumers commit to the slave
            commit(pair.slave, 9);
            assertThat(pair.slave.broker.offsets().query("gOff", "OffsetT", 0)).isEqualTo(9);

            pair.master.restart(); // it returns with the offset it had, 5
            assertThat(pair.master.broker.offsets().query("gOff", "OffsetT", 0)).isEqualTo(5);
            long before = sync.syncs();
            Await.until(WAIT, "synced twice with the returned master",
                () -> sync.syncs() >= before + 2 && sync.lastError() == null);
            assertThat(pair.slave.broker.offsets().query("gOff", "OffsetT", 0)).isEqualTo(9); // not 5, as RocketMQ 4

            commit(pair.master, 12); // consumers commit to the master again: its value is newer and wins
            Await.until(WAIT, "adopted", () -> pair.slave.broker.offsets().query("gOff", "OffsetT", 0) == 12);
        }
    }

    /**
     * A consumer that committed to the slave while the master was down and then stopped never commits to the master
     * again: the returning master takes the slave's offsets back before it serves, so its successor does not get
     * again what was consumed from the slave (found by SyncMasterKillTest with real processes).
     */
    @Test
    void aReturningMasterTakesBackTheOffsetsItsSlaveAcceptedBeforeItServes() throws Exception {
        NameServer ns = new NameServer(NamesrvConfig.defaults().with(NamesrvConfig.LISTEN_PORT, 0)
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1")
            .with(NamesrvConfig.KV_CONFIG_PATH, dir.resolve("namesrv/kvConfig.json").toString())
            .with(NamesrvConfig.CONFIG_STORE_PATH, dir.resolve("namesrv/namesrv.properties").toString()), Clock.system());
        ns.start();
        Map<String, String> registered = Map.of("namesrvAddr", "127.0.0.1:" + ns.port());
        try (ns; HaPair pair = new HaPair(dir, "ASYNC_MASTER", registered, registered)) {
            for (int i = 0; i < 20; i++) {
                assertThat(pair.master.send("OffsetT", 0, "m" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            pair.master.pull(pullHeader("gOff", "OffsetT", 0, 0, SUBSCRIPTION, 0, "*")); // creates the group
            commit(pair.master, 5);
            Await.until(WAIT, "the slave registered and synced", () -> {
                var d = ns.registry().membership().brokers().get(pair.master.broker.identity().brokerName());
                return d != null && d.brokerAddrs().containsKey(1L)
                    && pair.slave.broker.offsets().query("gOff", "OffsetT", 0) == 5
                    && pair.slave.broker.groups().contains("gOff");
            });

            pair.master.broker.close();
            commit(pair.slave, 9); // the consumer commits to the slave, then stops for good

            pair.master.restart();
            assertThat(pair.master.broker.offsets().query("gOff", "OffsetT", 0)).as("right after the start").isEqualTo(9);
            commit(pair.slave, 7); // an older value on the slave never moves the master back
            pair.master.restart();
            assertThat(pair.master.broker.offsets().query("gOff", "OffsetT", 0)).isEqualTo(9);
        }
    }

    private static void commit(BrokerFixture f, long offset) throws Exception {
        assertThat(f.call(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader("gOff", "OffsetT", 0,
            offset, RpcFields.NONE), null).code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Level 1's progress as GET_ALL_DELAY_OFFSET answers it. */
    private static long delayProgress(BrokerFixture f) {
        RemotingCommand r;
        try {
            r = f.call(RequestCode.GET_ALL_DELAY_OFFSET, null, null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Long level1 = DelayOffsetSerializeWrapper.CODEC.decode(r.body()).offsetTable().get(1);
        return level1 == null ? -1 : level1;
    }
}
