package dev.petrel.protocol.header;

import static dev.petrel.protocol.header.Golden.assertGolden;
import static dev.petrel.protocol.header.Golden.fields;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.PullMessageResponseHeader;
import dev.petrel.protocol.header.client.PullMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV1HeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hand-written send and pull codecs: golden maps from captured 5.3.1 traffic, errors, and agreement with the generic codec. */
class HotPathHeaderCodecTest {

    private static final String PROPERTIES = "KEYS\u0001key1 key2\u0002ua\u0001uv\u0002UNIQ_KEY\u0001"
        + "FD000000000000000000000000000000000000000000000000\u0002WAIT\u0001true\u0002TAGS\u0001TagA\u0002";

    /** The 5.3.1 producer's single send (request-codes.md §4.1): no {@code l}, no {@code bname}. */
    private static final SendMessageRequestHeader CAPTURED_SEND = new SendMessageRequestHeader("pg", "TopicTest", "TBW102",
        4, 1, 0, 1796061778187L, 0, PROPERTIES, 0, false, false, null, RpcFields.toBroker("broker-a"));

    @Test
    void sendV2MatchesTheCapturedHeader() {
        assertGolden(SendMessageV2HeaderCodec.INSTANCE, CAPTURED_SEND,
            fields("a", "pg", "b", "TopicTest", "c", "TBW102", "d", "4", "e", "1", "f", "0", "g", "1796061778187", "h", "0",
                "i", PROPERTIES, "j", "0", "k", "false", "m", "false", "n", "broker-a"));
    }

    @Test
    void sendV1UsesFullNamesAndBname() {
        assertGolden(SendMessageV1HeaderCodec.INSTANCE, CAPTURED_SEND,
            fields("producerGroup", "pg", "topic", "TopicTest", "defaultTopic", "TBW102", "defaultTopicQueueNums", "4",
                "queueId", "1", "sysFlag", "0", "bornTimestamp", "1796061778187", "flag", "0", "properties", PROPERTIES,
                "reconsumeTimes", "0", "unitMode", "false", "batch", "false", "bname", "broker-a"));
    }

    @Test
    void sendV1AgreesWithTheGenericCodec() {
        SendMessageRequestHeader retry = new SendMessageRequestHeader("pg", "%RETRY%cg", "TBW102", 4, -1, 4, 1L, 7, null, 3,
            true, true, 16, new RpcFields("ns", true, "b", true, false));
        RecordHeaderCodec<SendMessageRequestHeader> generic = RecordHeaderCodec.of(SendMessageRequestHeader.class);
        for (SendMessageRequestHeader header : new SendMessageRequestHeader[] {CAPTURED_SEND, retry}) {
            assertThat(SendMessageV1HeaderCodec.INSTANCE.encode(header)).isEqualTo(generic.encode(header));
            assertThat(generic.decode(SendMessageV1HeaderCodec.INSTANCE.encode(header)).value()).isEqualTo(header);
        }
    }

    @Test
    void sendV2CarriesOtherBaseFieldsAndReadsBnameAsFallback() {
        SendMessageRequestHeader header = new SendMessageRequestHeader("pg", "T", "TBW102", 4, 0, 0, 1L, 0, null, null, null,
            true, 16, new RpcFields("ns", false, "b", true, true));
        assertGolden(SendMessageV2HeaderCodec.INSTANCE, header,
            fields("a", "pg", "b", "T", "c", "TBW102", "d", "4", "e", "0", "f", "0", "g", "1", "h", "0", "l", "16", "m", "true",
                "n", "b", "ns", "ns", "nsd", "false", "oway", "true", "lo", "true"));
        Map<String, String> withBname = fields("a", "pg", "b", "T", "c", "TBW102", "d", "4", "e", "0", "f", "0", "g", "1",
            "h", "0", "bname", "fallback");
        assertThat(SendMessageV2HeaderCodec.INSTANCE.decode(withBname).value().rpc().bname()).isEqualTo("fallback");
    }

    @Test
    void sendErrorsAreValues() {
        Map<String, String> noTopic = SendMessageV2HeaderCodec.INSTANCE.encode(CAPTURED_SEND);
        noTopic.remove("b");
        Decoded<SendMessageRequestHeader> missing = SendMessageV2HeaderCodec.INSTANCE.decode(noTopic);
        assertThat(missing.isOk()).isFalse();
        assertThat(missing.errorMessage()).isEqualTo("the custom field <b> is null");
        assertThat(missing.responseCode()).isEqualTo(1);

        Map<String, String> badQueue = SendMessageV2HeaderCodec.INSTANCE.encode(CAPTURED_SEND);
        badQueue.put("e", "one");
        assertThat(SendMessageV2HeaderCodec.INSTANCE.decode(badQueue).errorMessage())
            .isEqualTo("field e: 'one' is not a valid int");
        Map<String, String> badBorn = SendMessageV1HeaderCodec.INSTANCE.encode(CAPTURED_SEND);
        badBorn.put("bornTimestamp", "99999999999999999999");
        assertThat(SendMessageV1HeaderCodec.INSTANCE.decode(badBorn).errorMessage())
            .isEqualTo("field bornTimestamp: '99999999999999999999' is not a valid long");
        assertThat(SendMessageV1HeaderCodec.INSTANCE.decode(null).errorMessage())
            .isEqualTo("the custom field <producerGroup> is null");
    }

    @Test
    void sendResponseCarriesRegionAndTrace() {
        assertGolden(SendMessageResponseHeaderCodec.INSTANCE,
            new SendMessageResponseHeader("7F0000010000AC010000000000001000", 1, 42L, null, null, "DefaultRegion", true),
            fields("msgId", "7F0000010000AC010000000000001000", "queueId", "1", "queueOffset", "42",
                "MSG_REGION", "DefaultRegion", "TRACE_ON", "true"));
        SendMessageResponseHeader tx = new SendMessageResponseHeader("7F00", 0, 0L, "UNIQ", "BATCH", "r", false);
        assertGolden(SendMessageResponseHeaderCodec.INSTANCE, tx,
            fields("msgId", "7F00", "queueId", "0", "queueOffset", "0", "transactionId", "UNIQ", "batchUniqId", "BATCH",
                "MSG_REGION", "r", "TRACE_ON", "false"));
        assertThat(SendMessageResponseHeaderCodec.INSTANCE.encode(tx))
            .isEqualTo(RecordHeaderCodec.of(SendMessageResponseHeader.class).encode(tx));
    }

    @Test
    void pullMatchesTheCapturedHeader() {
        // Captured 5.3.1 push-consumer pull (request-codes.md §4.2).
        PullMessageRequestHeader pull = new PullMessageRequestHeader("cg", "TopicTest", 1, 0L, 32, 2, -1L, 15000L, null,
            1796061779291L, "TAG", 262144, null, null, RpcFields.toBroker("broker-a"));
        assertGolden(PullMessageRequestHeaderCodec.INSTANCE, pull,
            fields("queueId", "1", "maxMsgBytes", "262144", "maxMsgNums", "32", "sysFlag", "2", "suspendTimeoutMillis", "15000",
                "commitOffset", "-1", "bname", "broker-a", "topic", "TopicTest", "queueOffset", "0", "expressionType", "TAG",
                "subVersion", "1796061779291", "consumerGroup", "cg"));
        PullMessageRequestHeader full = new PullMessageRequestHeader("cg", "T", 0, 5L, 16, 0x1F, 3L, 20000L, "a > 5", 7L,
            "SQL92", 1024, 1, "client-1", new RpcFields("ns", true, "b", false, true));
        assertThat(PullMessageRequestHeaderCodec.INSTANCE.encode(full))
            .isEqualTo(RecordHeaderCodec.of(PullMessageRequestHeader.class).encode(full));
        assertThat(PullMessageRequestHeaderCodec.INSTANCE.decode(PullMessageRequestHeaderCodec.INSTANCE.encode(full)).value())
            .isEqualTo(full);
        Map<String, String> noSubVersion = PullMessageRequestHeaderCodec.INSTANCE.encode(pull);
        noSubVersion.remove("subVersion");
        assertThat(PullMessageRequestHeaderCodec.INSTANCE.decode(noSubVersion).errorMessage())
            .isEqualTo("the custom field <subVersion> is null");
    }

    @Test
    void pullResponse() {
        assertGolden(PullMessageResponseHeaderCodec.INSTANCE, new PullMessageResponseHeader(0L, 32L, 0L, 100L, null, 0, 0, null),
            fields("suggestWhichBrokerId", "0", "nextBeginOffset", "32", "minOffset", "0", "maxOffset", "100",
                "topicSysFlag", "0", "groupSysFlag", "0"));
        PullMessageResponseHeader forbidden = new PullMessageResponseHeader(1L, 5L, 2L, 9L, 3L, null, null, 3);
        assertGolden(PullMessageResponseHeaderCodec.INSTANCE, forbidden,
            fields("suggestWhichBrokerId", "1", "nextBeginOffset", "5", "minOffset", "2", "maxOffset", "9", "offsetDelta", "3",
                "forbiddenType", "3"));
        assertThat(PullMessageResponseHeaderCodec.INSTANCE.encode(forbidden))
            .isEqualTo(RecordHeaderCodec.of(PullMessageResponseHeader.class).encode(forbidden));
        assertThat(PullMessageResponseHeaderCodec.INSTANCE.decode(fields("suggestWhichBrokerId", "0", "nextBeginOffset", "x"))
            .errorMessage()).isEqualTo("field nextBeginOffset: 'x' is not a valid long");
    }
}
