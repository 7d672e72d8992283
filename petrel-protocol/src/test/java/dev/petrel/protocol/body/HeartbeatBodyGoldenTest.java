package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.assertGolden;
import static dev.petrel.protocol.body.BodyGolden.assertReads;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.heartbeat.CheckClientRequestBody;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Heartbeat bodies (json-bodies.md §5) and CHECK_CLIENT_CONFIG (§12), from captured 5.3.1 traffic. */
class HeartbeatBodyGoldenTest {

    /** The captured 5.3.1 push-consumer heartbeat, byte for byte. */
    static final String CAPTURED_HEARTBEAT = "{\"clientID\":\"192.0.2.2@app1\",\"consumerDataSet\":[{\"consumeFromWhere\":"
        + "\"CONSUME_FROM_LAST_OFFSET\",\"consumeType\":\"CONSUME_PASSIVELY\",\"groupName\":\"cg\",\"messageModel\":\"CLUSTERING\","
        + "\"subscriptionDataSet\":[{\"classFilterMode\":false,\"codeSet\":[],\"expressionType\":\"TAG\",\"subString\":\"*\","
        + "\"subVersion\":1796061778231,\"tagsSet\":[],\"topic\":\"%RETRY%cg\"},{\"classFilterMode\":false,\"codeSet\":"
        + "[2598919,2598920],\"expressionType\":\"TAG\",\"subString\":\"TagA || TagB\",\"subVersion\":1796061778225,\"tagsSet\":"
        + "[\"TagA\",\"TagB\"],\"topic\":\"TopicTest\"}],\"unitMode\":false}],\"heartbeatFingerprint\":0,\"producerDataSet\":"
        + "[{\"groupName\":\"CLIENT_INNER_PRODUCER\"}],\"withoutSub\":false}";

    static HeartbeatData capturedHeartbeat() {
        SubscriptionData retry = SubscriptionData.of("%RETRY%cg", SubscriptionData.TAG, "*", 1796061778231L);
        SubscriptionData topic = SubscriptionData.of("TopicTest", null, "TagA || TagB", 1796061778225L);
        return new HeartbeatData("192.0.2.2@app1",
            Set.of(new ConsumerData(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeType.CONSUME_PASSIVELY, "cg",
                MessageModel.CLUSTERING, new LinkedHashSet<>(List.of(retry, topic)), false)),
            0, Set.of(new ProducerData("CLIENT_INNER_PRODUCER")), false);
    }

    @Test
    void capturedPushConsumerHeartbeat() {
        assertGolden(HeartbeatData.CODEC, capturedHeartbeat(), CAPTURED_HEARTBEAT);
    }

    @Test
    void subscriptionsAreBuiltLikeTheClientBuildsThem() {
        SubscriptionData tags = SubscriptionData.of("T", "TAG", " TagA ||  || TagB||TagA ", 5);
        assertThat(tags.tagsSet()).containsExactly("TagA", "TagB");
        assertThat(tags.codeSet()).containsExactly("TagA".hashCode(), "TagB".hashCode());
        assertThat(tags.subString()).isEqualTo(" TagA ||  || TagB||TagA ");
        assertThat(SubscriptionData.of("T", null, "", 5).subString()).isEqualTo("*");
        SubscriptionData sql = SubscriptionData.of("T", "SQL92", "a > 5", 5);
        assertThat(sql.tagsSet()).isEmpty();
        assertThat(sql.subString()).isEqualTo("a > 5");
    }

    @Test
    void heartbeatFromAnOlderClientTakesDefaults() {
        assertReads(HeartbeatData.CODEC, "{\"clientID\":\"c\",\"consumerDataSet\":[],\"producerDataSet\":[{\"groupName\":\"pg\"}]}",
            new HeartbeatData("c", Set.of(), 0, Set.of(new ProducerData("pg")), false));
        // A subscription without expressionType is a TAG subscription; unknown enum names read as null.
        HeartbeatData v = HeartbeatData.CODEC.decode(BodyGolden.utf8("{\"consumerDataSet\":[{\"consumeType\":\"CONSUME_LATER\","
            + "\"subscriptionDataSet\":[{\"subString\":\"*\",\"topic\":\"T\"}]}]}"));
        ConsumerData consumer = v.consumerDataSet().iterator().next();
        assertThat(consumer.consumeType()).isNull();
        assertThat(consumer.subscriptionDataSet().iterator().next().expressionType()).isEqualTo("TAG");
    }

    @Test
    void checkClientConfig() {
        // Captured (json-bodies.md §12).
        assertGolden(CheckClientRequestBody.CODEC,
            new CheckClientRequestBody("192.0.2.2@app3", "cgsql", null, SubscriptionData.of("TopicSql", "SQL92", "a > 5", 1796062127358L)),
            "{\"clientId\":\"192.0.2.2@app3\",\"group\":\"cgsql\",\"subscriptionData\":{\"classFilterMode\":false,\"codeSet\":[],"
                + "\"expressionType\":\"SQL92\",\"subString\":\"a > 5\",\"subVersion\":1796062127358,\"tagsSet\":[],\"topic\":\"TopicSql\"}}");
    }
}
