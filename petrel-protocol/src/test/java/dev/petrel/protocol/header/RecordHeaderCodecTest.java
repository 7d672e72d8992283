package dev.petrel.protocol.header;

import static dev.petrel.protocol.header.Golden.fields;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.header.admin.GetConsumeStatsInBrokerHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetRequestHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordHeaderCodecTest {

    private static final RecordHeaderCodec<QueryConsumerOffsetRequestHeader> QUERY =
        RecordHeaderCodec.of(QueryConsumerOffsetRequestHeader.class);

    @Test
    void missingRequiredFieldUsesApachesMessage() {
        Decoded<QueryConsumerOffsetRequestHeader> decoded = QUERY.decode(fields("consumerGroup", "cg", "queueId", "1"));
        assertThat(decoded.isOk()).isFalse();
        assertThat(decoded.errorMessage()).isEqualTo("the custom field <topic> is null");
        assertThat(decoded.responseCode()).isEqualTo(1);
        assertThatThrownBy(decoded::value).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(decoded::orElseThrow).isInstanceOf(HeaderException.class)
            .hasMessage("the custom field <topic> is null");
    }

    @Test
    void noExtFieldsReadsLikeAnEmptyMap() {
        assertThat(QUERY.decode(null).errorMessage()).isEqualTo("the custom field <consumerGroup> is null");
        assertThat(RecordHeaderCodec.of(GetMaxOffsetRequestHeader.class).decode(null).errorMessage())
            .isEqualTo("the custom field <topic> is null");
    }

    @Test
    void malformedNumbersAreReportedNotDefaulted() {
        assertThat(QUERY.decode(fields("consumerGroup", "cg", "topic", "T", "queueId", "1x")).errorMessage())
            .isEqualTo("field queueId: '1x' is not a valid int");
        assertThat(QUERY.decode(fields("consumerGroup", "cg", "topic", "T", "queueId", " 1")).errorMessage())
            .isEqualTo("field queueId: ' 1' is not a valid int");
        assertThat(RecordHeaderCodec.of(RegisterBrokerRequestHeader.class).decode(fields("brokerName", "b", "brokerAddr", "a",
            "clusterName", "c", "haServerAddr", "h", "brokerId", "0", "bodyCrc32", "")).errorMessage())
            .isEqualTo("field bodyCrc32: '' is not a valid int");
        // The first problem wins, in component order.
        assertThat(QUERY.decode(fields("topic", "T", "queueId", "x")).errorMessage())
            .isEqualTo("the custom field <consumerGroup> is null");
    }

    @Test
    void booleansParseLikeBooleanParseBoolean() {
        assertThat(QUERY.decode(fields("consumerGroup", "cg", "topic", "T", "queueId", "1", "setZeroIfNotFound", "TRUE"))
            .value().setZeroIfNotFound()).isTrue();
        assertThat(QUERY.decode(fields("consumerGroup", "cg", "topic", "T", "queueId", "1", "setZeroIfNotFound", "yes"))
            .value().setZeroIfNotFound()).isFalse();
        assertThat(RecordHeaderCodec.of(GetConsumeStatsInBrokerHeader.class).decode(fields()).errorMessage())
            .isEqualTo("the custom field <isOrder> is null");
    }

    @Test
    void absentPrimitivesTakeApachesFieldDefaults() {
        assertThat(RecordHeaderCodec.of(ResetOffsetRequestHeader.class)
            .decode(fields("topic", "T", "group", "g", "timestamp", "5", "isForce", "false")).value().queueId()).isEqualTo(-1);
        assertThat(RecordHeaderCodec.of(GetMaxOffsetRequestHeader.class).decode(fields("topic", "T", "queueId", "0"))
            .value().committed()).isTrue();
    }

    @Test
    void enumsReadIgnoringCaseAndRejectUnknownNames() {
        RecordHeaderCodec<SearchOffsetRequestHeader> codec = RecordHeaderCodec.of(SearchOffsetRequestHeader.class);
        Map<String, String> base = fields("topic", "T", "queueId", "0", "timestamp", "1");
        base.put("boundaryType", "upper");
        assertThat(codec.decode(base).value().boundaryType()).isEqualTo(BoundaryType.UPPER);
        base.put("boundaryType", "MIDDLE");
        assertThat(codec.decode(base).errorMessage()).isEqualTo("field boundaryType: 'MIDDLE' is not a valid BoundaryType");
    }

    @Test
    void unknownKeysAreIgnored() {
        QueryConsumerOffsetRequestHeader header = QUERY.decode(fields("consumerGroup", "cg", "topic", "T", "queueId", "1",
            "AccessKey", "ak", "Signature", "sig")).value();
        assertThat(header).isEqualTo(new QueryConsumerOffsetRequestHeader("cg", "T", 1, null, RpcFields.NONE));
    }

    @Test
    void encodingANullRequiredFieldIsABug() {
        assertThatThrownBy(() -> QUERY.encode(new QueryConsumerOffsetRequestHeader(null, "T", 1, null, null)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("QueryConsumerOffsetRequestHeader.consumerGroup is required but null");
    }

    @Test
    void keysFlattenTheBaseFieldsAndUseWireNames() {
        assertThat(QUERY.keys()).containsExactly("consumerGroup", "topic", "queueId", "setZeroIfNotFound",
            "ns", "nsd", "bname", "oway", "lo");
        assertThat(RecordHeaderCodec.of(dev.petrel.protocol.header.client.HeartbeatResponseHeader.class).keys())
            .containsExactly("IS_SUPPORT_HEART_BEAT_V2", "IS_SUB_CHANGE");
    }

    record Unsupported(List<String> list) {
    }

    record BadDefault(@IfAbsent("1") Integer boxed) {
    }

    @Test
    void unsupportedShapesFailWhenTheCodecIsPrepared() {
        assertThatThrownBy(() -> RecordHeaderCodec.of(Unsupported.class)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("component list has unsupported type java.util.List");
        assertThatThrownBy(() -> RecordHeaderCodec.of(BadDefault.class)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("@IfAbsent on non-primitive boxed");
    }

    @Test
    void codecsAreCachedPerClass() {
        assertThat(RecordHeaderCodec.of(QueryConsumerOffsetRequestHeader.class)).isSameAs(QUERY);
    }
}
