package dev.petrel.server.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BrokerProbeTest {

    @Test
    void readsResidentMemoryFromProcStatusText() {
        String status = """
            Name:\tjava
            VmPeak:\t 5843220 kB
            VmHWM:\t  612340 kB
            VmRSS:\t  598112 kB
            RssAnon:\t  401220 kB
            RssFile:\t  196892 kB
            Threads:\t98
            """;
        assertThat(BrokerProbe.parse(status)).isEqualTo(new BrokerProbe.Memory(598112, 401220, 612340));
        assertThat(BrokerProbe.parse("Name:\tjava\nVmRSS:\tgarbage kB\n"))
            .isEqualTo(new BrokerProbe.Memory(-1, -1, -1));
    }

    @Test
    void theLargerOfTwoSamplesWinsFieldByField() {
        assertThat(new BrokerProbe.Memory(10, 5, 12).max(new BrokerProbe.Memory(8, 7, -1)))
            .isEqualTo(new BrokerProbe.Memory(10, 7, 12));
    }

    @Test
    void measuresALiveProcessAndRefusesAMissingOne() {
        BrokerProbe self = BrokerProbe.of(ProcessHandle.current().pid());
        assertThat(self.cpuNanos()).isPositive();
        if (Files.isReadable(Path.of("/proc/self/status"))) {
            BrokerProbe.Memory memory = self.memory();
            assertThat(memory.rssKb()).isPositive();
            assertThat(memory.peakRssKb()).isGreaterThanOrEqualTo(memory.rssKb());
        }
        assertThatThrownBy(() -> BrokerProbe.of(Long.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--broker-pid " + Long.MAX_VALUE + ": no such process is running");
    }
}
