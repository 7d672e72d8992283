package dev.petrel.apachebench;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.rocketmq.client.exception.MQBrokerException;
import org.junit.jupiter.api.Test;

class BrokerProcessTest {

    @Test
    void cpuTicksCountFieldsFromTheLastParenthesis() {
        // field 2 may hold spaces and ')' (a thread named "a) b"); utime 1234 and stime 56 are fields 14 and 15
        String stat = "4242 (java a) b) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 31 0 500 0 0";
        assertThat(BrokerProcess.cpuTicks(stat)).isEqualTo(1290);
        assertThat(BrokerProcess.cpuTicks("garbage")).isEqualTo(-1);
        assertThat(BrokerProcess.cpuTicks("1 (x) S 1 2")).isEqualTo(-1);
    }

    @Test
    void memoryFromStatus() {
        String status = "Name:\tjava\nVmHWM:\t  912345 kB\nVmRSS:\t  800000 kB\nRssAnon:\t  300000 kB\nRssFile:\t 500000 kB\n";
        BrokerProcess.Memory m = BrokerProcess.parseStatus(status);
        assertThat(m).isEqualTo(new BrokerProcess.Memory(800_000, 300_000, 912_345));
        assertThat(m.max(new BrokerProcess.Memory(900_000, -1, -1)).rssKb()).isEqualTo(900_000);
        assertThat(BrokerProcess.parseStatus("Name:\tjava\n")).isEqualTo(BrokerProcess.Memory.UNKNOWN);
    }

    @Test
    void errorKindsGroupRefusalsWhoseTextsDifferOnlyInNumbers() {
        ErrorKinds errors = new ErrorKinds();
        errors.record(new MQBrokerException(2, "[TIMEOUT_CLEAN_QUEUE]broker busy, start flow control for a while, "
            + "period in queue: 221ms, size of queue: 759"));
        errors.record(new MQBrokerException(2, "[TIMEOUT_CLEAN_QUEUE]broker busy, start flow control for a while, "
            + "period in queue: 205ms, size of queue: 812"));
        errors.record(new java.util.concurrent.CompletionException(new IllegalStateException("line one\nline two")));
        assertThat(errors.total()).isEqualTo(3);
        assertThat(errors.kinds()).hasSize(2);
        String refusal = errors.kinds().keySet().iterator().next();
        assertThat(refusal).startsWith("MQBrokerException code 2: ").contains("period in queue: #ms, size of queue: #");
        assertThat(errors.kinds()).containsEntry(refusal, 2L).containsEntry("IllegalStateException: line one", 1L);
        for (int i = 0; i < 40; i++) {
            errors.record("kind " + (char) ('a' + i % 26) + (char) ('a' + i / 26));
        }
        assertThat(errors.kinds()).hasSize(ErrorKinds.MAX_KINDS + 1).containsKey(ErrorKinds.OTHERS);
    }
}
