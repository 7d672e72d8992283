package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.assertGolden;
import static dev.petrel.protocol.body.BodyGolden.assertReads;

import dev.petrel.protocol.body.offset.ConsumerOffsetSerializeWrapper;
import dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** consumerOffset.json / GET_ALL_CONSUMER_OFFSET and delayOffset.json / GET_ALL_DELAY_OFFSET. */
class OffsetBodyGoldenTest {

    @Test
    void consumerOffsets() {
        ConsumerOffsetSerializeWrapper offsets = new ConsumerOffsetSerializeWrapper(null,
            Map.of("TopicTest@cg", Map.of(0, 100L, 1, 200L)));
        assertGolden(ConsumerOffsetSerializeWrapper.CODEC, offsets, "{\"offsetTable\":{\"TopicTest@cg\":{\"0\":100,\"1\":200}}}");
        // GET_ALL_CONSUMER_OFFSET from the 5.3.1 broker: unquoted queue ids.
        assertReads(ConsumerOffsetSerializeWrapper.CODEC, "{\"offsetTable\":{\"TopicTest@cg\":{0:100,1:200}}}", offsets);
    }

    @Test
    void consumerOffsetJsonAsApachePersistsIt() {
        // ConsumerOffsetManager writes itself (pretty): dataVersion, the derived groupTopicMap, offsetTable.
        String file = "{\n\t\"dataVersion\":{\n\t\t\"counter\":4,\n\t\t\"stateVersion\":0,\n\t\t\"timestamp\":1700000000000\n\t},\n"
            + "\t\"groupTopicMap\":{\n\t\t\"cg\":[\"TopicTest\"]\n\t},\n\t\"offsetTable\":{\n\t\t\"TopicTest@cg\":{0:100,1:200\n\t\t}\n\t}\n}";
        ConsumerOffsetSerializeWrapper offsets = new ConsumerOffsetSerializeWrapper(new DataVersion(4, 0, 1700000000000L),
            Map.of("TopicTest@cg", Map.of(0, 100L, 1, 200L)));
        assertReads(ConsumerOffsetSerializeWrapper.CODEC, file, offsets);
        assertGolden(ConsumerOffsetSerializeWrapper.CODEC, offsets, "{\"dataVersion\":{\"counter\":4,\"stateVersion\":0,"
            + "\"timestamp\":1700000000000},\"offsetTable\":{\"TopicTest@cg\":{\"0\":100,\"1\":200}}}");
    }

    @Test
    void delayOffsets() {
        DelayOffsetSerializeWrapper delay = new DelayOffsetSerializeWrapper(new DataVersion(2, 0, 1700000000000L),
            Map.of(1, 5L, 2, 0L, 18, 7L));
        assertGolden(DelayOffsetSerializeWrapper.CODEC, delay, "{\"dataVersion\":{\"counter\":2,\"stateVersion\":0,"
            + "\"timestamp\":1700000000000},\"offsetTable\":{\"1\":5,\"2\":0,\"18\":7}}");
        assertReads(DelayOffsetSerializeWrapper.CODEC, "{\n\t\"dataVersion\":{\"counter\":2,\"stateVersion\":0,\"timestamp\":1700000000000},\n"
            + "\t\"offsetTable\":{1:5,2:0,18:7\n\t}\n}", delay);
        assertGolden(DelayOffsetSerializeWrapper.CODEC, new DelayOffsetSerializeWrapper(null, Map.of()), "{\"offsetTable\":{}}");
    }
}
