package dev.petrel.broker;

import dev.petrel.message.DecodedMessage;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.BoundaryType;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.GetEarliestMsgStoretimeRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMinOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryMessageRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetRequestHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.ViewMessageRequestHeader;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Consumer offsets, queue offsets, time search, query by key / unique key / offset id, and persistence across restarts. */
class OffsetAndQueryTest {

    @TempDir
    Path dir;

    private static void awaitDispatched(BrokerFixture f, String topic, int queue, long n) {
        Await.until(Duration.ofSeconds(5), n + " in " + topic, () -> f.broker.store().maxOffsetInQueue(topic, queue) >= n);
    }

    @Test
    void consumerOffsetsAreCommittedQueriedAndSurviveARestart() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir)) {
            f.send("OffTopic", 0, "a");
            awaitDispatched(f, "OffTopic", 0, 1);
            f.broker.groups().find("og");
            RemotingCommand notFound = f.call(RequestCode.QUERY_CONSUMER_OFFSET,
                new QueryConsumerOffsetRequestHeader("og", "OffTopic", 1, null, RpcFields.NONE), null);
            assertThat(notFound.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
            RemotingCommand young = f.call(RequestCode.QUERY_CONSUMER_OFFSET,
                new QueryConsumerOffsetRequestHeader("og", "OffTopic", 0, null, RpcFields.NONE), null);
            assertThat(young.code()).as("first message still resident: start at 0").isEqualTo(ResponseCode.SUCCESS);
            assertThat(young.extField("offset")).isEqualTo("0");
            RemotingCommand noZero = f.call(RequestCode.QUERY_CONSUMER_OFFSET,
                new QueryConsumerOffsetRequestHeader("og", "OffTopic", 0, false, RpcFields.NONE), null);
            assertThat(noZero.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);

            RemotingCommand update = f.call(RequestCode.UPDATE_CONSUMER_OFFSET,
                new UpdateConsumerOffsetRequestHeader("og", "OffTopic", 0, 1, RpcFields.NONE), null);
            assertThat(update.code()).isEqualTo(ResponseCode.SUCCESS);
            RemotingCommand unknownTopic = f.call(RequestCode.UPDATE_CONSUMER_OFFSET,
                new UpdateConsumerOffsetRequestHeader("og", "Nope", 0, 1, RpcFields.NONE), null);
            assertThat(unknownTopic.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);

            f.restart();
            RemotingCommand q = f.call(RequestCode.QUERY_CONSUMER_OFFSET,
                new QueryConsumerOffsetRequestHeader("og", "OffTopic", 0, null, RpcFields.NONE), null);
            assertThat(q.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(q.extField("offset")).isEqualTo("1");
            assertThat(f.broker.topics().get("OffTopic")).isNotNull();
            assertThat(Files.readString(dir.resolve("config/consumerOffset.json"))).contains("\"OffTopic@og\"");
            assertThat(Files.exists(dir.resolve("config/topics.json.bak"))).isTrue();
        }
    }

    @Test
    void queueOffsetsTimesAndSearch() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir)) {
            for (int i = 0; i < 3; i++) {
                f.send("Q", 0, "m" + i);
            }
            awaitDispatched(f, "Q", 0, 3);
            RemotingCommand max = f.call(RequestCode.GET_MAX_OFFSET, new GetMaxOffsetRequestHeader("Q", 0, true, RpcFields.NONE), null);
            assertThat(max.extField("offset")).isEqualTo("3");
            RemotingCommand min = f.call(RequestCode.GET_MIN_OFFSET, new GetMinOffsetRequestHeader("Q", 0, RpcFields.NONE), null);
            assertThat(min.extField("offset")).isEqualTo("0");
            RemotingCommand unknown = f.call(RequestCode.GET_MAX_OFFSET, new GetMaxOffsetRequestHeader("Nope", 0, true,
                RpcFields.NONE), null);
            assertThat(unknown.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(unknown.extField("offset")).isEqualTo("0");
            RemotingCommand earliest = f.call(RequestCode.GET_EARLIEST_MSG_STORETIME,
                new GetEarliestMsgStoretimeRequestHeader("Q", 0, RpcFields.NONE), null);
            long t0 = Long.parseLong(earliest.extField("timestamp"));
            assertThat(t0).isEqualTo(f.broker.store().messageStoreTimestamp("Q", 0, 0));
            RemotingCommand search = f.call(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                new SearchOffsetRequestHeader("Q", 0, t0 - 1, BoundaryType.LOWER, RpcFields.NONE), null);
            assertThat(search.extField("offset")).isEqualTo("0");
        }
    }

    @Test
    void queryByKeyUniqueKeyAndOffsetId() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir)) {
            RemotingCommand sent = f.send("Keys", 0, "keyed", "KEYS", "order-1 order-2", "UNIQ_KEY", "UNIQ0001");
            f.send("Keys", 0, "other", "KEYS", "order-3");
            awaitDispatched(f, "Keys", 0, 2);
            long now = System.currentTimeMillis();
            RemotingCommand byKey = f.call(RemotingCommand.request(RequestCode.QUERY_MESSAGE, BrokerFixture.encode(
                new QueryMessageRequestHeader("Keys", "order-2", 32, 0, now + 60_000, false, RpcFields.NONE)), null));
            assertThat(byKey.code()).isEqualTo(ResponseCode.SUCCESS);
            List<DecodedMessage> found = BrokerFixture.decode(byKey);
            assertThat(found).extracting(m -> new String(m.body(), StandardCharsets.UTF_8)).contains("keyed");
            assertThat(byKey.extField("indexLastUpdatePhyoffset")).isNotNull();
            RemotingCommand byUniq = f.call(RemotingCommand.request(RequestCode.QUERY_MESSAGE, BrokerFixture.encode(
                new QueryMessageRequestHeader("Keys", "UNIQ0001", 1, 0, Long.MAX_VALUE, true, RpcFields.NONE)), null));
            assertThat(BrokerFixture.decode(byUniq)).extracting(m -> m.properties().get("UNIQ_KEY")).contains("UNIQ0001");
            RemotingCommand none = f.call(RemotingCommand.request(RequestCode.QUERY_MESSAGE, BrokerFixture.encode(
                new QueryMessageRequestHeader("Keys", "absent", 32, 0, now + 60_000, false, RpcFields.NONE)), null));
            assertThat(none.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);

            long offset = OffsetMessageId.decode(sent.extField("msgId")).physicalOffset();
            RemotingCommand view = f.call(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageRequestHeader("Keys", offset), null);
            assertThat(BrokerFixture.decode(view)).singleElement()
                .satisfies(m -> assertThat(new String(m.body(), StandardCharsets.UTF_8)).isEqualTo("keyed"));
            RemotingCommand bad = f.call(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageRequestHeader("Keys", 1 << 30), null);
            assertThat(bad.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(bad.remark()).startsWith("can not find message by the offset");
        }
    }
}
