package dev.petrel.client.internal.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ProcessQueueInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ProcessQueueTest {

    static List<ReceivedMessage> messages(long from, int n, int bodySize) {
        StoredRecords records = new StoredRecords();
        for (int i = 0; i < n; i++) {
            records.add("T", 0, from + i, new byte[bodySize], Map.of());
        }
        RemotingCommand response = RemotingCommand.newRequest(RequestCode.PULL_MESSAGE).build()
            .newResponse(ResponseCode.SUCCESS).extField("suggestWhichBrokerId", "0").extField("nextBeginOffset", "0")
            .extField("minOffset", "0").extField("maxOffset", "0").body(records.bytes()).build();
        PullResponseReader.Outcome o = PullResponseReader.read(response, new MessageQueue("T", "b", 0), null, "x");
        assertThat(o.result().status()).isEqualTo(PullStatus.FOUND);
        return o.result().messages();
    }

    @Test
    void consumedOffsetIsTheSmallestStillCached() {
        ProcessQueue pq = new ProcessQueue();
        List<ReceivedMessage> ms = messages(100, 5, 10);
        assertThat(pq.put(ms)).isEqualTo(5);
        assertThat(pq.put(ms.subList(0, 2))).as("duplicates ignored").isZero();
        assertThat(pq.cachedCount()).isEqualTo(5);
        assertThat(pq.cachedBytes()).isEqualTo(50);
        assertThat(pq.offsetSpan()).isEqualTo(4);
        assertThat(pq.remove(List.of(ms.get(1), ms.get(3)))).isEqualTo(100);
        assertThat(pq.remove(List.of(ms.get(0)))).isEqualTo(102);
        assertThat(pq.remove(List.of(ms.get(2), ms.get(4)))).isEqualTo(105);
        assertThat(pq.cachedCount()).isZero();
        assertThat(pq.remove(List.of(ms.get(2)))).isEqualTo(-1);
    }

    @Property(tries = 100)
    void anyRemovalOrderEndsAtHighestPlusOneAndNeverOvertakesAGap(@ForAll @IntRange(min = 1, max = 60) int n,
                                                                   @ForAll long seed) {
        ProcessQueue pq = new ProcessQueue();
        List<ReceivedMessage> ms = messages(7, n, 3);
        pq.put(ms);
        List<ReceivedMessage> order = new ArrayList<>(ms);
        Collections.shuffle(order, new Random(seed));
        java.util.TreeSet<Long> left = new java.util.TreeSet<>();
        ms.forEach(m -> left.add(m.queueOffset()));
        for (ReceivedMessage m : order) {
            long next = pq.remove(List.of(m));
            left.remove(m.queueOffset());
            assertThat(next).isEqualTo(left.isEmpty() ? 7 + n : left.first());
        }
    }

    @Test
    void orderlyTakeCommitAndPutBack() {
        ProcessQueue pq = new ProcessQueue();
        List<ReceivedMessage> ms = messages(0, 5, 1);
        pq.put(ms);
        List<ReceivedMessage> first = pq.take(2);
        assertThat(first).extracting(ReceivedMessage::queueOffset).containsExactly(0L, 1L);
        assertThat(pq.cachedCount()).as("taken still counts until committed").isEqualTo(5);
        pq.putBack(first);
        assertThat(pq.take(3)).extracting(ReceivedMessage::queueOffset).containsExactly(0L, 1L, 2L);
        assertThat(pq.commit()).isEqualTo(3);
        assertThat(pq.cachedCount()).isEqualTo(2);
        assertThat(pq.commit()).isEqualTo(-1);
        ProcessQueueInfo info = pq.info(3);
        assertThat(info.cachedMsgCount()).isEqualTo(2);
        assertThat(info.cachedMsgMinOffset()).isEqualTo(3);
        assertThat(info.cachedMsgMaxOffset()).isEqualTo(4);
        assertThat(info.commitOffset()).isEqualTo(3);
    }

    @Test
    void flowControlThresholdsAreRocketMqs() {
        FlowControl concurrent = new FlowControl(1000, 100, 2000, false);
        assertThat(concurrent.check(1000, 0, 0)).isEqualTo(FlowControl.Decision.PULL);
        assertThat(concurrent.check(1001, 0, 0)).isEqualTo(FlowControl.Decision.TOO_MANY_MESSAGES);
        assertThat(concurrent.check(1, 101L * 1024 * 1024 - 1, 0)).isEqualTo(FlowControl.Decision.PULL);
        assertThat(concurrent.check(1, 101L * 1024 * 1024, 0)).isEqualTo(FlowControl.Decision.TOO_MANY_BYTES);
        assertThat(concurrent.check(1, 0, 2001)).isEqualTo(FlowControl.Decision.SPAN_TOO_WIDE);
        assertThat(new FlowControl(1000, 100, 2000, true).check(1, 0, 5000)).isEqualTo(FlowControl.Decision.PULL);
    }
}
