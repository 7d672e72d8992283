package dev.petrel.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.internal.producer.PublishQueues;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.TopicRouteData;
import org.junit.jupiter.api.Test;

class RouteQueuesTest {

    /** Captured route shape (json-bodies.md §3.1) with a slave-only broker and a read-only broker added. */
    private static final String ROUTE = "{\"brokerDatas\":["
        + "{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\"},\"brokerName\":\"broker-b\",\"cluster\":\"c\",\"enableActingMaster\":false},"
        + "{\"brokerAddrs\":{\"0\":\"127.0.0.1:10921\",\"1\":\"127.0.0.1:10931\"},\"brokerName\":\"broker-a\",\"cluster\":\"c\",\"enableActingMaster\":false},"
        + "{\"brokerAddrs\":{1:\"127.0.0.1:10941\"},\"brokerName\":\"broker-s\",\"cluster\":\"c\",\"enableActingMaster\":false},"
        + "{\"brokerAddrs\":{\"0\":\"127.0.0.1:10951\"},\"brokerName\":\"broker-r\",\"cluster\":\"c\",\"enableActingMaster\":false}],"
        + "\"filterServerTable\":{},\"queueDatas\":["
        + "{\"brokerName\":\"broker-b\",\"perm\":6,\"readQueueNums\":2,\"topicSysFlag\":0,\"writeQueueNums\":2},"
        + "{\"brokerName\":\"broker-a\",\"perm\":6,\"readQueueNums\":3,\"topicSysFlag\":0,\"writeQueueNums\":1},"
        + "{\"brokerName\":\"broker-s\",\"perm\":6,\"readQueueNums\":1,\"topicSysFlag\":0,\"writeQueueNums\":1},"
        + "{\"brokerName\":\"broker-r\",\"perm\":4,\"readQueueNums\":1,\"topicSysFlag\":0,\"writeQueueNums\":1}]}";

    private static MessageQueue mq(String b, int i) {
        return new MessageQueue("T", b, i);
    }

    @Test
    void publishQueuesAreWritableQueuesOfBrokersWithAMasterSortedByBroker() {
        PublishQueues p = RouteQueues.publishQueues("T", TopicRouteData.CODEC.decode(ROUTE.getBytes()), false);
        assertThat(p.queues()).containsExactly(mq("broker-a", 0), mq("broker-b", 0), mq("broker-b", 1));
        assertThat(p.orderTopic()).isFalse();
    }

    @Test
    void subscribeQueuesAreAllReadableQueues() {
        assertThat(RouteQueues.subscribeQueues("T", TopicRouteData.CODEC.decode(ROUTE.getBytes()))).containsExactly(
            mq("broker-a", 0), mq("broker-a", 1), mq("broker-a", 2), mq("broker-b", 0), mq("broker-b", 1),
            mq("broker-r", 0), mq("broker-s", 0));
    }

    @Test
    void orderTopicConfDecidesAlone() {
        TopicRouteData route = TopicRouteData.CODEC.decode(ROUTE.replace("\"filterServerTable\":{},",
            "\"filterServerTable\":{},\"orderTopicConf\":\"broker-x:2;broker-y:1\",").getBytes());
        PublishQueues p = RouteQueues.publishQueues("T", route, false);
        assertThat(p.queues()).containsExactly(mq("broker-x", 0), mq("broker-x", 1), mq("broker-y", 0));
        assertThat(p.orderTopic()).isTrue();
    }

    @Test
    void autoCreateRouteUsesAtMostFourQueues() {
        TopicRouteData trimmed = RouteQueues.forAutoCreate(TopicRouteData.CODEC.decode(ROUTE.getBytes()), 2);
        assertThat(trimmed.queueDatas()).allSatisfy(q -> assertThat(q.writeQueueNums()).isEqualTo(Math.min(2, q.readQueueNums())));
        assertThat(RouteQueues.publishQueues("T", trimmed, true).queues())
            .containsExactly(mq("broker-a", 0), mq("broker-a", 1), mq("broker-b", 0), mq("broker-b", 1));
    }

    @Test
    void nameServerSelectorFailsOverRoundRobin() {
        NameServerSelector s = new NameServerSelector(NameServerSelector.parse("a:1;b:2, c:3"), 1);
        assertThat(s.current()).isEqualTo("b:2");
        assertThat(s.attemptOrder()).containsExactly("b:2", "c:3", "a:1");
        s.failed("a:1");
        assertThat(s.current()).isEqualTo("b:2");
        s.failed("b:2");
        assertThat(s.current()).isEqualTo("c:3");
        s.failed("c:3");
        assertThat(s.current()).isEqualTo("a:1");
    }
}
