package dev.petrel.broker.metadata;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicFilterType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TopicConfigTableTest {

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);

    private TopicConfigTable table(boolean autoCreate) {
        SystemTopics system = new SystemTopics("DefaultCluster", "broker-a", autoCreate, 8, true, true, null);
        TopicConfigTable t = new TopicConfigTable(new ConfigFile(dir.resolve("topics.json")), clock, system, autoCreate);
        t.load();
        return t;
    }

    @Test
    void systemTopicsOfAFiveXBroker() {
        Map<String, TopicConfig> all = table(true).all();
        assertThat(all).containsOnlyKeys("SELF_TEST_TOPIC", "TBW102", "BenchmarkTest", "DefaultCluster", "broker-a",
            "OFFSET_MOVED_EVENT", "SCHEDULE_TOPIC_XXXX", "DefaultCluster_REPLY_TOPIC", "rmq_sys_REVIVE_LOG_DefaultCluster",
            "rmq_sys_SYNC_BROKER_MEMBER_broker-a", "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC",
            "rmq_sys_wheel_timer");
        assertThat(all.get("TBW102")).isEqualTo(new TopicConfig("TBW102", 8, 8, 7, TopicFilterType.SINGLE_TAG, 0, false, Map.of()));
        assertThat(all.get("DefaultCluster").readQueueNums()).isEqualTo(16);
        assertThat(all.get("DefaultCluster").perm()).isEqualTo(7);
        assertThat(all.get("broker-a").perm()).isEqualTo(7);
        assertThat(all.get("SCHEDULE_TOPIC_XXXX").writeQueueNums()).isEqualTo(18);
        assertThat(all.get("rmq_sys_SYNC_BROKER_MEMBER_broker-a").perm()).isEqualTo(1);
        assertThat(table(false).get("TBW102")).as("not created without auto-create").isNull();
        table(true).persistNow();
        assertThat(table(false).get("TBW102").perm()).as("left by an earlier run, stripped of INHERIT").isEqualTo(6);
    }

    @Test
    void autoCreateCopiesTheTemplateWithAtMostItsQueues() {
        TopicConfigTable t = table(true);
        List<List<TopicConfig>> heard = new ArrayList<>();
        t.addListener(heard::add);
        TopicConfigTable.AutoCreate four = t.createForSend("Four", "TBW102", 4, 0, "p");
        assertThat(four.config().readQueueNums()).isEqualTo(4);
        assertThat(four.config().perm()).isEqualTo(6);
        assertThat(t.createForSend("Many", "TBW102", 64, 0, "p").config().writeQueueNums()).isEqualTo(8);
        assertThat(heard).hasSize(2);
        TopicConfigTable.AutoCreate noTemplate = t.createForSend("X", "NoSuchTemplate", 4, 0, "p");
        assertThat(noTemplate.config()).isNull();
        assertThat(noTemplate.refusal()).contains("NoSuchTemplate does not exist");
        TopicConfigTable.AutoCreate notInheritable = t.createForSend("Y", "SELF_TEST_TOPIC", 4, 0, "p");
        assertThat(notInheritable.refusal()).contains("does not allow inheriting");
    }

    @Test
    void autoCreateOffRefusesEvenWithATemplateLeftBehind() {
        table(true).persistNow();
        TopicConfigTable t = table(false);
        TopicConfigTable.AutoCreate r = t.createForSend("Z", "TBW102", 4, 0, "p");
        assertThat(r.config()).isNull();
        assertThat(r.refusal()).contains("autoCreateTopicEnable=false");
    }

    @Test
    void nothingIsWrittenAtStartUntilSomethingChanges() {
        table(true);
        assertThat(Files.exists(dir.resolve("topics.json"))).isFalse();
    }

    @Test
    void changesArePersistedInApacheFormatAndBumpTheVersion() throws Exception {
        TopicConfigTable t = table(true);
        long before = t.dataVersion().counter();
        clock.advance(5, java.util.concurrent.TimeUnit.SECONDS);
        t.put(new TopicConfig("Admin", 3, 5, 6, TopicFilterType.MULTI_TAG, 0, true, Map.of("+queue.type", "SimpleCQ")));
        assertThat(t.dataVersion().counter()).isEqualTo(before + 1);
        assertThat(t.dataVersion().timestamp()).isEqualTo(clock.millis());
        String json = Files.readString(dir.resolve("topics.json"));
        assertThat(json).contains("\"topicConfigTable\"").contains("\"dataVersion\"").contains("\"Admin\"")
            .contains("\"topicFilterType\" : \"MULTI_TAG\"");
        TopicConfigSerializeWrapper w = TopicConfigSerializeWrapper.CODEC.decode(Files.readAllBytes(dir.resolve("topics.json")));
        assertThat(w.topicConfigTable().get("Admin").order()).isTrue();
        TopicConfigTable reloaded = table(true);
        assertThat(reloaded.get("Admin")).isEqualTo(t.get("Admin"));
        assertThat(reloaded.dataVersion()).isEqualTo(t.dataVersion());
        assertThat(reloaded.remove("Admin")).isTrue();
        assertThat(reloaded.remove("Admin")).isFalse();
        assertThat(table(true).get("Admin")).isNull();
    }

    @Test
    void ensureCreatesRetryTopicsOnceAndUpdatesOrder() {
        TopicConfigTable t = table(true);
        TopicConfig r = t.ensure("%RETRY%g", 1, 6, false, 0);
        assertThat(r.readQueueNums()).isEqualTo(1);
        assertThat(t.ensure("%RETRY%g", 5, 6, false, 0)).isSameAs(r);
        assertThat(t.ensure("%RETRY%g", 5, 6, true, 0).order()).isTrue();
    }
}
