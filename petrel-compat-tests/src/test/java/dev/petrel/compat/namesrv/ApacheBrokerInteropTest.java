package dev.petrel.compat.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Apache 5.3.1 broker registers with Petrel's NameServer, and the official client and admin tool find it
 * there. One NameServer and one broker for the class (starting a broker takes seconds); the last test kills the broker.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ApacheBrokerInteropTest {

    private static final String CLUSTER = "PetrelCompatCluster";
    private static final String BROKER = "broker-compat";
    private static final Duration FEW_SECONDS = Duration.ofSeconds(15);

    @TempDir
    static Path dir;

    private static PetrelProcess namesrv;
    private static ApacheBrokerProcess broker;
    private static DefaultMQAdminExt admin;
    private static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        namesrv = PetrelProcess.namesrv(dir.resolve("namesrv"))
            .property("scanNotActiveBrokerInterval", "500")
            .property("brokerChannelExpiredTimeMillis", "25000")
            .start();
        broker = ApacheBrokerProcess.start(dir.resolve("broker"), namesrv.namesrvAddr(), CLUSTER, BROKER, Map.of());
        admin = AdminTools.admin(namesrv.namesrvAddr());
        producer = AdminTools.producer(namesrv.namesrvAddr());
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (admin != null) {
            admin.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    private static Map<Long, String> masterOnly() {
        return Map.of(0L, broker.brokerAddr());
    }

    @Test
    @Order(1)
    void theBrokerAppearsInClusterInfo() throws Exception {
        ClusterInfo info = admin.examineBrokerClusterInfo();

        assertThat(info.getClusterAddrTable()).containsOnlyKeys(CLUSTER);
        assertThat(info.getClusterAddrTable().get(CLUSTER)).containsExactly(BROKER);
        BrokerData data = info.getBrokerAddrTable().get(BROKER);
        assertThat(data.getCluster()).isEqualTo(CLUSTER);
        assertThat(data.getBrokerAddrs()).isEqualTo(masterOnly());
    }

    @Test
    @Order(2)
    void itsTopicsIncludingTbw102AndItsClusterAndBrokerTopicsHaveRoutes() throws Exception {
        for (String topic : List.of("TBW102", CLUSTER, BROKER, "SELF_TEST_TOPIC")) {
            TopicRouteData route = admin.examineTopicRouteInfo(topic);
            assertThat(route.getBrokerDatas()).as(topic).hasSize(1);
            assertThat(route.getBrokerDatas().get(0).getBrokerAddrs()).as(topic).isEqualTo(masterOnly());
            assertThat(route.getQueueDatas()).extracting(QueueData::getBrokerName).as(topic).containsExactly(BROKER);
        }
        QueueData tbw102 = admin.examineTopicRouteInfo("TBW102").getQueueDatas().get(0);
        assertThat(tbw102.getPerm()).as("auto-create key topic: inherit+read+write").isEqualTo(7);
        assertThat(tbw102.getWriteQueueNums()).isEqualTo(8);
        assertThat(admin.fetchAllTopicList().getTopicList()).contains("TBW102", CLUSTER, BROKER);
        assertThat(admin.fetchTopicsByCLuster(CLUSTER).getTopicList()).contains("TBW102", CLUSTER, BROKER);
    }

    @Test
    @Order(3)
    void theOfficialClientFetchesRoutesAndPublishQueues() throws Exception {
        TopicRouteData route = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl()
            .getTopicRouteInfoFromNameServer("TBW102", 3_000);
        assertThat(route.getBrokerDatas().get(0).getBrokerAddrs()).isEqualTo(masterOnly());

        List<MessageQueue> queues = producer.fetchPublishMessageQueues("TBW102");
        assertThat(queues).hasSize(8).allSatisfy(q -> assertThat(q.getBrokerName()).isEqualTo(BROKER));
    }

    @Test
    @Order(4)
    void aTopicCreatedOnTheBrokerAppearsWithinSecondsAndTakesMessages() throws Exception {
        admin.createAndUpdateTopicConfig(broker.brokerAddr(), new TopicConfig("CompatTopic", 4, 4, 6));

        TopicRouteData route = Await.value(FEW_SECONDS, "CompatTopic's route on Petrel's NameServer",
            () -> admin.examineTopicRouteInfo("CompatTopic"), r -> r != null);
        assertThat(route.getQueueDatas()).hasSize(1);
        assertThat(route.getQueueDatas().get(0).getWriteQueueNums()).isEqualTo(4);

        SendResult sent = producer.send(new Message("CompatTopic", "hello".getBytes(StandardCharsets.UTF_8)));
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(sent.getMessageQueue().getBrokerName()).isEqualTo(BROKER);
    }

    @Test
    @Order(5)
    void writePermissionIsWipedAndAddedOnTheNameServer() throws Exception {
        // The broker may add topics of its own meanwhile (retry topics), so the counts are lower bounds.
        int topics = admin.fetchTopicsByCLuster(CLUSTER).getTopicList().size();

        int wiped = admin.wipeWritePermOfBroker(namesrv.namesrvAddr(), BROKER);
        assertThat(wiped).isGreaterThanOrEqualTo(topics).isPositive();
        assertThat(admin.examineTopicRouteInfo("CompatTopic").getQueueDatas().get(0).getPerm()).isEqualTo(4);
        assertThat(admin.addWritePermOfBroker(namesrv.namesrvAddr(), BROKER)).isGreaterThanOrEqualTo(wiped);
        assertThat(admin.examineTopicRouteInfo("CompatTopic").getQueueDatas().get(0).getPerm()).isEqualTo(6);
    }

    @Test
    @Order(6)
    void afterKillDashNineTheBrokersRoutesDisappearWithinSeconds() throws Exception {
        broker.kill9();

        Await.until(FEW_SECONDS, "CompatTopic's route to disappear after the broker was killed", () -> {
            try {
                admin.examineTopicRouteInfo("CompatTopic");
                return false;
            } catch (MQClientException e) {
                return e.getResponseCode() == ResponseCode.TOPIC_NOT_EXIST;
            } catch (Exception e) {
                return false;
            }
        });
        assertThat(admin.examineBrokerClusterInfo().getBrokerAddrTable()).isEmpty();
        assertThatThrownBy(() -> admin.examineTopicRouteInfo("TBW102")).isInstanceOf(MQClientException.class);
    }
}
