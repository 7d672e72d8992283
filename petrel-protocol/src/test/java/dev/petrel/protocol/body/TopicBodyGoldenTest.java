package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.assertGolden;
import static dev.petrel.protocol.body.BodyGolden.assertReads;
import static dev.petrel.protocol.body.BodyGolden.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.topic.CreateTopicListRequestBody;
import dev.petrel.protocol.body.topic.LogicQueueMappingItem;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicConfigAndQueueMapping;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicFilterType;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.body.topic.TopicQueueMappingDetail;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Registration and topic bodies (json-bodies.md §4, §8), DataVersion, KVTable, MessageQueue, and topics.json. */
class TopicBodyGoldenTest {

    private static final DataVersion VERSION = new DataVersion(0, 0, 1700000000000L);
    private static final TopicConfig TOPIC_TEST = TopicConfig.of("TopicTest", 4, 4, 6);
    private static final String TOPIC_TEST_JSON = "{\"attributes\":{},\"order\":false,\"perm\":6,\"readQueueNums\":4,"
        + "\"topicFilterType\":\"SINGLE_TAG\",\"topicName\":\"TopicTest\",\"topicSysFlag\":0,\"writeQueueNums\":4}";

    @Test
    void messageQueue() {
        MessageQueue queue = new MessageQueue("TopicTest", "broker-a", 3);
        assertThat(ProtocolJson.codec().encodeToString(queue))
            .isEqualTo("{\"brokerName\":\"broker-a\",\"queueId\":3,\"topic\":\"TopicTest\"}");
        assertThat(queue).hasToString("MessageQueue [topic=TopicTest, brokerName=broker-a, queueId=3]");
        assertThat(ProtocolJson.codec().decode(utf8("{\"topic\":\"TopicTest\",\"queueId\":3,\"brokerName\":\"broker-a\"}"),
            MessageQueue.class)).isEqualTo(queue);
        assertThat(List.of(new MessageQueue("b", "x", 0), new MessageQueue("a", "y", 2), new MessageQueue("a", "y", 1),
            new MessageQueue("a", "x", 9)).stream().sorted().toList())
            .containsExactly(new MessageQueue("a", "x", 9), new MessageQueue("a", "y", 1), new MessageQueue("a", "y", 2),
                new MessageQueue("b", "x", 0));
    }

    @Test
    void dataVersionAndKvTable() {
        assertGolden(DataVersion.CODEC, new DataVersion(3, 1, 1700000000000L),
            "{\"counter\":3,\"stateVersion\":1,\"timestamp\":1700000000000}");
        assertThat(DataVersion.initial(5).next(9)).isEqualTo(new DataVersion(1, 0, 9));
        // REGISTER_BROKER response body of the ORDER_TOPIC_CONFIG namespace.
        assertGolden(KVTable.CODEC, new KVTable(Map.of("k", "v")), "{\"table\":{\"k\":\"v\"}}");
        assertGolden(KVTable.CODEC, new KVTable(Map.of("TopicOrder", "broker-a:4;broker-b:4", "A", "1")),
            "{\"table\":{\"A\":\"1\",\"TopicOrder\":\"broker-a:4;broker-b:4\"}}");
    }

    @Test
    void topicConfigAndItsDefaults() {
        assertGolden(TopicConfig.CODEC, TOPIC_TEST, TOPIC_TEST_JSON);
        assertGolden(TopicConfig.CODEC, new TopicConfig("Fifo", 8, 8, 7, TopicFilterType.MULTI_TAG, 1, true,
                Map.of("message.type", "FIFO")),
            "{\"attributes\":{\"message.type\":\"FIFO\"},\"order\":true,\"perm\":7,\"readQueueNums\":8,"
                + "\"topicFilterType\":\"MULTI_TAG\",\"topicName\":\"Fifo\",\"topicSysFlag\":1,\"writeQueueNums\":8}");
        // A 4.x topics.json entry has no attributes; a sparse one takes every default.
        assertReads(TopicConfig.CODEC, "{\"topicName\":\"Old\"}", TopicConfig.of("Old", 16, 16, 6));
    }

    @Test
    void registerBrokerBodyMatchesTheBrokersJson() {
        // json-bodies.md §4 example (the 5.3.1 broker's JSON registration).
        RegisterBrokerBody body = new RegisterBrokerBody(List.of(), new TopicConfigAndMappingSerializeWrapper(VERSION, VERSION,
            Map.of("TopicTest", TOPIC_TEST), Map.of(), Map.of()));
        assertGolden(RegisterBrokerBody.CODEC, body,
            "{\"filterServerList\":[],\"topicConfigSerializeWrapper\":{\"dataVersion\":{\"counter\":0,\"stateVersion\":0,"
                + "\"timestamp\":1700000000000},\"mappingDataVersion\":{\"counter\":0,\"stateVersion\":0,\"timestamp\":1700000000000},"
                + "\"topicConfigTable\":{\"TopicTest\":" + TOPIC_TEST_JSON + "},\"topicQueueMappingDetailMap\":{},"
                + "\"topicQueueMappingInfoMap\":{}}}");
    }

    @Test
    void staticTopicMappings() {
        TopicQueueMappingDetail detail = new TopicQueueMappingDetail("broker-a", Map.of(0, 0), false, 1,
            Map.of(0, List.of(new LogicQueueMappingItem("broker-a", -1, 0, 0, 0, 0, -1, 1700000000000L))), "__global__", "S", 1);
        TopicConfigAndMappingSerializeWrapper wrapper = new TopicConfigAndMappingSerializeWrapper(VERSION, VERSION,
            Map.of("S", TopicConfig.of("S", 1, 1, 6)), Map.of("S", detail),
            Map.of("S", new TopicQueueMappingInfo("broker-a", Map.of(0, 0), false, 1, "__global__", "S", 1)));
        assertGolden(TopicConfigAndMappingSerializeWrapper.CODEC, wrapper,
            "{\"dataVersion\":{\"counter\":0,\"stateVersion\":0,\"timestamp\":1700000000000},\"mappingDataVersion\":{\"counter\":0,"
                + "\"stateVersion\":0,\"timestamp\":1700000000000},\"topicConfigTable\":{\"S\":{\"attributes\":{},\"order\":false,"
                + "\"perm\":6,\"readQueueNums\":1,\"topicFilterType\":\"SINGLE_TAG\",\"topicName\":\"S\",\"topicSysFlag\":0,"
                + "\"writeQueueNums\":1}},\"topicQueueMappingDetailMap\":{\"S\":{\"bname\":\"broker-a\",\"currIdMap\":{\"0\":0},"
                + "\"dirty\":false,\"epoch\":1,\"hostedQueues\":{\"0\":[{\"bname\":\"broker-a\",\"endOffset\":-1,\"gen\":0,"
                + "\"logicOffset\":0,\"queueId\":0,\"startOffset\":0,\"timeOfEnd\":-1,\"timeOfStart\":1700000000000}]},"
                + "\"scope\":\"__global__\",\"topic\":\"S\",\"totalQueues\":1}},\"topicQueueMappingInfoMap\":{\"S\":{\"bname\":"
                + "\"broker-a\",\"currIdMap\":{\"0\":0},\"dirty\":false,\"epoch\":1,\"scope\":\"__global__\",\"topic\":\"S\","
                + "\"totalQueues\":1}}}");
        assertGolden(TopicConfigAndQueueMapping.CODEC, TopicConfigAndQueueMapping.of(TOPIC_TEST, null),
            "{\"attributes\":{},\"order\":false,\"perm\":6,\"readQueueNums\":4,\"topicFilterType\":\"SINGLE_TAG\","
                + "\"topicName\":\"TopicTest\",\"topicSysFlag\":0,\"writeQueueNums\":4}");
        assertGolden(TopicConfigAndQueueMapping.CODEC, TopicConfigAndQueueMapping.of(TopicConfig.of("S", 1, 1, 6),
                new TopicQueueMappingDetail("broker-a", Map.of(), false, 1, Map.of(), "__global__", "S", 1)),
            "{\"attributes\":{},\"mappingDetail\":{\"bname\":\"broker-a\",\"currIdMap\":{},\"dirty\":false,\"epoch\":1,"
                + "\"hostedQueues\":{},\"scope\":\"__global__\",\"topic\":\"S\",\"totalQueues\":1},\"order\":false,\"perm\":6,"
                + "\"readQueueNums\":1,\"topicFilterType\":\"SINGLE_TAG\",\"topicName\":\"S\",\"topicSysFlag\":0,\"writeQueueNums\":1}");
        // Apache writes the integer keys unquoted; a sparse item takes the open-ended defaults.
        assertReads(TopicConfigAndQueueMapping.CODEC,
            "{\"attributes\":{},\"mappingDetail\":{\"currIdMap\":{0:0},\"hostedQueues\":{0:[{\"bname\":\"broker-a\"}]},\"topic\":\"S\"},"
                + "\"perm\":6,\"readQueueNums\":1,\"topicName\":\"S\",\"writeQueueNums\":1}",
            TopicConfigAndQueueMapping.of(TopicConfig.of("S", 1, 1, 6), new TopicQueueMappingDetail(null, Map.of(0, 0), false, 0,
                Map.of(0, List.of(new LogicQueueMappingItem("broker-a", -1, 0, 0, 0, 0, -1, -1))), "__global__", "S", 0)));
    }

    @Test
    void topicsJsonAsApachePersistsIt() {
        // fastjson pretty format (tabs, newlines), as TopicConfigManager writes topics.json.
        String file = "{\n\t\"dataVersion\":{\n\t\t\"counter\":2,\n\t\t\"stateVersion\":0,\n\t\t\"timestamp\":1700000000000\n\t},\n"
            + "\t\"topicConfigTable\":{\n\t\t\"TopicTest\":{\n\t\t\t\"attributes\":{},\n\t\t\t\"order\":false,\n\t\t\t\"perm\":6,\n"
            + "\t\t\t\"readQueueNums\":4,\n\t\t\t\"topicFilterType\":\"SINGLE_TAG\",\n\t\t\t\"topicName\":\"TopicTest\",\n"
            + "\t\t\t\"topicSysFlag\":0,\n\t\t\t\"writeQueueNums\":4\n\t\t}\n\t}\n}";
        TopicConfigSerializeWrapper topics = new TopicConfigSerializeWrapper(new DataVersion(2, 0, 1700000000000L),
            Map.of("TopicTest", TOPIC_TEST));
        assertReads(TopicConfigSerializeWrapper.CODEC, file, topics);
        assertGolden(TopicConfigSerializeWrapper.CODEC, topics,
            "{\"dataVersion\":{\"counter\":2,\"stateVersion\":0,\"timestamp\":1700000000000},\"topicConfigTable\":{\"TopicTest\":"
                + TOPIC_TEST_JSON + "}}");
    }

    @Test
    void lists() {
        assertGolden(TopicList.CODEC, new TopicList(null, Set.of("TopicTest")), "{\"topicList\":[\"TopicTest\"]}");
        assertGolden(TopicList.CODEC, new TopicList("127.0.0.1:10911", Set.of("TopicTest")),
            "{\"brokerAddr\":\"127.0.0.1:10911\",\"topicList\":[\"TopicTest\"]}");
        assertGolden(CreateTopicListRequestBody.CODEC, new CreateTopicListRequestBody(List.of(TOPIC_TEST)),
            "{\"topicConfigList\":[" + TOPIC_TEST_JSON + "]}");
    }

    @Test
    void missingOrGarbageBodiesNameTheType() {
        assertThatThrownBy(() -> TopicList.CODEC.decode(null)).isInstanceOf(MalformedBodyException.class)
            .hasMessage("cannot read TopicList: no body");
        assertThatThrownBy(() -> TopicList.CODEC.decode(utf8("{\"topicList\":"))).isInstanceOf(MalformedBodyException.class)
            .hasMessage("cannot read TopicList: malformed JSON at offset 13: unexpected end of input");
        assertThatThrownBy(() -> TopicList.CODEC.decode(utf8("{\"topicList\":7}"))).isInstanceOf(MalformedBodyException.class)
            .hasMessageStartingWith("cannot read TopicList from JSON: ");
    }
}
