package dev.petrel.broker;

import dev.petrel.broker.transaction.TransactionCheckLoop;
import dev.petrel.common.time.Clock;
import dev.petrel.common.time.ManualClock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.message.SysFlag;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;
import dev.petrel.protocol.header.client.EndTransactionRequestHeader;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.GetResult;
import dev.petrel.store.StoredRecord;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Transactions over real sockets against a broker on a manual clock: half messages are invisible, END_TRANSACTION
 * commits or rolls back, the check-back asks a live producer of the group (another one when the first is gone), gives
 * up after transactionCheckMax checks, and its progress survives a restart.
 */
class TransactionTest {

    private static final String GROUP = "txg";
    private static final RecordHeaderCodec<EndTransactionRequestHeader> END = RecordHeaderCodec.of(EndTransactionRequestHeader.class);
    private static final RecordHeaderCodec<CheckTransactionStateRequestHeader> CHECK =
        RecordHeaderCodec.of(CheckTransactionStateRequestHeader.class);

    @TempDir
    Path dir;
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private BrokerFixture f;
    private final List<Producer> producers = new ArrayList<>();

    /** A producer connection that records the checks it receives. */
    private final class Producer implements AutoCloseable {
        final RemotingClient client = new RemotingClient("producer", RemotingClientConfig.defaults(), Clock.system());
        final BlockingQueue<RemotingCommand> checks = new LinkedBlockingQueue<>();

        Producer(String clientId) throws Exception {
            client.registerProcessor(RequestCode.CHECK_TRANSACTION_STATE, (ctx, request) -> {
                checks.add(request);
                return null;
            });
            client.start();
            RemotingCommand r = client.invokeSync(f.address(), RemotingCommand.request(RequestCode.HEART_BEAT, Map.of(),
                HeartbeatData.CODEC.encode(new HeartbeatData(clientId, Set.of(), 0, Set.of(new ProducerData(GROUP)),
                    false))), 5_000);
            assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
            producers.add(this);
        }

        @Override
        public void close() {
            client.close();
        }
    }

    @AfterEach
    void close() {
        producers.forEach(Producer::close);
        if (f != null) {
            f.close();
        }
    }

    private void start(Map<String, String> overrides) {
        f = new BrokerFixture(dir, overrides, clock);
    }

    private RemotingCommand sendHalf(String topic, String uniq, String body) throws Exception {
        SendMessageRequestHeader h = new SendMessageRequestHeader(GROUP, topic, "TBW102", 4, 1, SysFlag.TRANSACTION_PREPARED_TYPE,
            clock.millis(), 0, BrokerFixture.props("TRAN_MSG", "true", "PGROUP", GROUP, "UNIQ_KEY", uniq, "TAGS", "t1"),
            0, false, false, null, RpcFields.toBroker("broker-a"));
        RemotingCommand r = f.sendV2(h, body.getBytes(StandardCharsets.UTF_8));
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        long queueOffset = Long.parseLong(r.extField("queueOffset"));
        Await.until(Duration.ofSeconds(5), "half message dispatched",
            () -> f.broker.store().maxOffsetInQueue("RMQ_SYS_TRANS_HALF_TOPIC", 0) > queueOffset);
        return r;
    }

    private RemotingCommand end(RemotingCommand sendResponse, String uniq, int decision, boolean fromCheck) throws Exception {
        long phys = OffsetMessageId.decode(sendResponse.extField("msgId")).physicalOffset();
        long queueOffset = Long.parseLong(sendResponse.extField("queueOffset"));
        return end(phys, queueOffset, uniq, decision, fromCheck);
    }

    private RemotingCommand end(long phys, long queueOffset, String uniq, int decision, boolean fromCheck) throws Exception {
        return f.call(RemotingCommand.request(RequestCode.END_TRANSACTION, END.encode(new EndTransactionRequestHeader(
            "Orders", GROUP, queueOffset, phys, decision, fromCheck, uniq, uniq, RpcFields.toBroker("broker-a"))), null));
    }

    private List<DecodedMessage> read(String topic, int queueId) {
        GetResult r = f.broker.store().getMessage(topic, queueId, 0, 100, 1 << 20, MessageFilter.ALL);
        try {
            List<DecodedMessage> out = new ArrayList<>();
            for (StoredRecord rec : r.records()) {
                out.add(new MessageRecordDecoder().decode(ByteBuffer.wrap(rec.toByteArray()), 0));
            }
            return out;
        } finally {
            r.release();
        }
    }

    private TransactionCheckLoop checks() {
        return f.broker.transactions().checks();
    }

    @Test
    void halfMessageIsInvisibleUntilCommitThenVisibleOnceWithItsPropertiesRestored() throws Exception {
        start(Map.of());
        RemotingCommand sent = sendHalf("Orders", "U1", "order-1");
        assertThat(sent.extField("transactionId")).isEqualTo("U1");
        assertThat(f.broker.store().maxOffsetInQueue("Orders", 1)).isZero();
        List<DecodedMessage> halves = read("RMQ_SYS_TRANS_HALF_TOPIC", 0);
        assertThat(halves).hasSize(1);
        assertThat(halves.get(0).properties()).containsEntry("REAL_TOPIC", "Orders").containsEntry("REAL_QID", "1")
            .containsEntry("__transactionId__", "U1");
        assertThat(SysFlag.transactionType(halves.get(0).sysFlag())).isEqualTo(SysFlag.TRANSACTION_NOT_TYPE);

        RemotingCommand r = end(sent, "U1", SysFlag.TRANSACTION_COMMIT_TYPE, false);
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        Await.until(Duration.ofSeconds(5), "committed message dispatched",
            () -> f.broker.store().maxOffsetInQueue("Orders", 1) == 1);
        DecodedMessage m = read("Orders", 1).get(0);
        assertThat(new String(m.body(), StandardCharsets.UTF_8)).isEqualTo("order-1");
        assertThat(m.properties()).containsEntry("UNIQ_KEY", "U1").containsEntry("TAGS", "t1")
            .containsEntry("PGROUP", GROUP).doesNotContainKeys("TRAN_MSG", "REAL_TOPIC", "REAL_QID");
        assertThat(SysFlag.transactionType(m.sysFlag())).isEqualTo(SysFlag.TRANSACTION_COMMIT_TYPE);
        assertThat(m.preparedTransactionOffset()).isEqualTo(halves.get(0).physicalOffset());
        Await.until(Duration.ofSeconds(5), "op record dispatched",
            () -> f.broker.store().maxOffsetInQueue("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0) == 1);
        List<DecodedMessage> ops = read("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0);
        assertThat(ops).hasSize(1);
        assertThat(ops.get(0).body()).isEqualTo("0,".getBytes(StandardCharsets.US_ASCII));
        assertThat(ops.get(0).tags()).isEqualTo("d");

        // A repeated commit (a late answer to a check) stores nothing more.
        assertThat(end(sent, "U1", SysFlag.TRANSACTION_COMMIT_TYPE, true).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(f.broker.store().maxOffsetInQueue("Orders", 1)).isEqualTo(1);
        assertThat(f.broker.store().maxOffsetInQueue("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0)).isEqualTo(1);
    }

    @Test
    void rollbackIsNeverVisibleAndNeverChecked() throws Exception {
        start(Map.of("transactionCheckInterval", "1000"));
        Producer p = new Producer("c1");
        RemotingCommand sent = sendHalf("Orders", "U2", "gone");
        assertThat(end(sent, "U2", SysFlag.TRANSACTION_ROLLBACK_TYPE, false).code()).isEqualTo(ResponseCode.SUCCESS);
        clock.advance(60, TimeUnit.SECONDS);
        checks().runOnce();
        assertThat(p.checks).isEmpty();
        assertThat(f.broker.store().maxOffsetInQueue("Orders", 1)).isZero();
        assertThat(checks().stats().pending()).isZero();
    }

    @Test
    void mismatchedDecisionIsRefusedWithAReason() throws Exception {
        start(Map.of());
        RemotingCommand sent = sendHalf("Orders", "U3", "x");
        long phys = OffsetMessageId.decode(sent.extField("msgId")).physicalOffset();
        RemotingCommand wrongOffset = end(phys, 7, "U3", SysFlag.TRANSACTION_COMMIT_TYPE, false);
        assertThat(wrongOffset.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(wrongOffset.remark()).contains("transaction state table offset");
        RemotingCommand nothing = end(phys + 1_000_000, 0, "U3", SysFlag.TRANSACTION_COMMIT_TYPE, false);
        assertThat(nothing.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(f.broker.store().maxOffsetInQueue("Orders", 1)).isZero();
    }

    @Test
    void undecidedHalfMessageIsCheckedAfterTheTimeoutAndTheAnswerCommitsIt() throws Exception {
        start(Map.of("transactionCheckInterval", "10000"));
        Producer p = new Producer("c1");
        sendHalf("Orders", "U4", "checked");
        clock.advance(5, TimeUnit.SECONDS); // younger than transactionTimeOut (6 s), before the interval
        checks().runOnce();
        assertThat(p.checks).isEmpty();
        clock.advance(10, TimeUnit.SECONDS); // past the interval: the loop wakes on the advance and checks
        RemotingCommand check = p.checks.poll(5, TimeUnit.SECONDS);
        assertThat(check).as("a check-back").isNotNull();
        CheckTransactionStateRequestHeader h = CHECK.decode(check.extFields()).value();
        DecodedMessage half = new MessageRecordDecoder().decode(ByteBuffer.wrap(check.body()), 0);
        assertThat(half.topic()).isEqualTo("Orders");
        assertThat(half.queueId()).isEqualTo(1);
        assertThat(new String(half.body(), StandardCharsets.UTF_8)).isEqualTo("checked");
        assertThat(half.property("PGROUP")).isEqualTo(GROUP);
        assertThat(h.msgId()).isEqualTo("U4");
        assertThat(h.transactionId()).isEqualTo("U4");
        assertThat(h.tranStateTableOffset()).isZero();
        assertThat(h.commitLogOffset()).isEqualTo(half.physicalOffset());
        assertThat(h.topic()).isEqualTo("Orders");

        assertThat(end(h.commitLogOffset(), h.tranStateTableOffset(), "U4", SysFlag.TRANSACTION_COMMIT_TYPE, true).code())
            .isEqualTo(ResponseCode.SUCCESS);
        Await.until(Duration.ofSeconds(5), "committed", () -> f.broker.store().maxOffsetInQueue("Orders", 1) == 1);
        clock.advance(60, TimeUnit.SECONDS);
        checks().runOnce();
        assertThat(p.checks).isEmpty();
        assertThat(checks().stats().checksSent()).isEqualTo(1);
    }

    @Test
    void checkGoesToAnotherProducerOfTheGroupWhenTheFirstIsGone() throws Exception {
        start(Map.of("transactionCheckInterval", "1000"));
        Producer first = new Producer("c1");
        Producer second = new Producer("c2");
        sendHalf("Orders", "U5", "x");
        first.close();
        Await.until(Duration.ofSeconds(5), "broker saw the first producer leave",
            () -> f.broker.producers().members(GROUP).size() == 1);
        clock.advance(7, TimeUnit.SECONDS);
        checks().runOnce();
        checks().runOnce();
        assertThat(second.checks.poll(5, TimeUnit.SECONDS)).isNotNull();
        assertThat(second.checks.poll(5, TimeUnit.SECONDS)).isNotNull();
        assertThat(first.checks).isEmpty();
    }

    @Test
    void halfMessageCheckedTransactionCheckMaxTimesIsMovedToTheCheckMaxTopic() throws Exception {
        start(Map.of("transactionCheckInterval", "600000", "transactionCheckMax", "2")); // scans run when called
        Producer p = new Producer("c1");
        sendHalf("Orders", "U6", "abandoned");
        clock.advance(7, TimeUnit.SECONDS);
        checks().runOnce();
        checks().runOnce();
        assertThat(p.checks.poll(5, TimeUnit.SECONDS)).isNotNull();
        assertThat(p.checks.poll(5, TimeUnit.SECONDS)).isNotNull();
        checks().runOnce();
        Await.until(Duration.ofSeconds(5), "moved", () -> f.broker.store().maxOffsetInQueue("TRANS_CHECK_MAX_TIME_TOPIC", 0) == 1);
        DecodedMessage moved = read("TRANS_CHECK_MAX_TIME_TOPIC", 0).get(0);
        assertThat(new String(moved.body(), StandardCharsets.UTF_8)).isEqualTo("abandoned");
        assertThat(moved.property("REAL_TOPIC")).isEqualTo("Orders");
        assertThat(f.broker.topics().get("TRANS_CHECK_MAX_TIME_TOPIC")).isNotNull();
        assertThat(checks().stats().givenUp()).isEqualTo(1);
        RemotingCommand info = f.call(RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO, null, null));
        assertThat(KVTable.CODEC.decode(info.body()).table()).containsEntry("petrelTransactionGivenUp", "1")
            .containsEntry("petrelTransactionChecksSent", "2").containsEntry("petrelTransactionHalfPending", "0");
        checks().runOnce();
        assertThat(p.checks.poll(200, TimeUnit.MILLISECONDS)).isNull();
        assertThat(f.broker.store().maxOffsetInQueue("Orders", 1)).isZero();
    }

    @Test
    void decisionsAndCheckCountsSurviveARestart() throws Exception {
        start(Map.of("transactionCheckInterval", "600000", "transactionCheckMax", "2")); // scans run when called
        RemotingCommand decided = sendHalf("Orders", "U7", "committed");
        sendHalf("Orders", "U8", "pending");
        assertThat(end(decided, "U7", SysFlag.TRANSACTION_COMMIT_TYPE, false).code()).isEqualTo(ResponseCode.SUCCESS);
        clock.advance(7, TimeUnit.SECONDS);
        checks().runOnce(); // U8 checked once (no producer to answer)
        assertThat(checks().stats().checksUnanswerable()).isEqualTo(1);
        f.restart();
        assertThat(Files.readString(dir.resolve("config/transactionCheck.json"))).contains("\"halfOffset\":1");
        Producer p = new Producer("c1");
        checks().runOnce(); // the second and last check of U8; U7 stays decided
        RemotingCommand check = p.checks.poll(5, TimeUnit.SECONDS);
        assertThat(check).isNotNull();
        assertThat(CHECK.decode(check.extFields()).value().msgId()).isEqualTo("U8");
        checks().runOnce();
        Await.until(Duration.ofSeconds(5), "U8 given up after its second check",
            () -> f.broker.store().maxOffsetInQueue("TRANS_CHECK_MAX_TIME_TOPIC", 0) == 1);
        assertThat(f.broker.store().maxOffsetInQueue("Orders", 1)).isEqualTo(1);
        assertThat(p.checks.poll(200, TimeUnit.MILLISECONDS)).isNull();
    }
}
