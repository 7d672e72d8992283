package dev.petrel.raft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** DLedger's group properties, parsed into the core's settings. */
class RaftConfigTest {

    @Test
    void peersAndSelfComeFromRocketMqsKeys() {
        var config = RaftConfig.DEF.parse(Map.of("dLegerGroup", "broker-a",
            "dLegerPeers", "n0-127.0.0.1:40911;n1-127.0.0.1:40912;n2-127.0.0.1:40913",
            "dLegerSelfId", "n1", "preferredLeaderId", "n2"), unknown -> { });
        RaftConfig.Settings s = RaftConfig.Settings.of(config);
        assertThat(s.selfId()).isEqualTo(1);
        assertThat(s.voters()).containsExactly(0, 1, 2);
        assertThat(s.quorum()).isEqualTo(2);
        assertThat(s.preferredLeaderId()).isEqualTo(2);
        assertThat(s.electionTimeoutMin()).isEqualTo(2000);
        assertThat(s.electionTimeoutMax()).isEqualTo(4000);
        assertThat(s.heartbeatInterval()).isEqualTo(500);
        assertThat(RaftPeers.parse("n0-127.0.0.1:40911;n1-10.0.0.2:40912").peer(1))
            .isEqualTo(new RaftPeers.Peer("n1", 1, "10.0.0.2", 40912));
    }

    @Test
    void badMembershipIsRefusedWithTheReason() {
        assertThatThrownBy(() -> RaftPeers.parse("n0-host"))
            .hasMessageContaining("'n0-host' is not <letter><number>-<host>:<port>");
        assertThatThrownBy(() -> RaftPeers.parse("n0-a:1;m0-b:2")).hasMessageContaining("node number 0 twice");
        assertThatThrownBy(() -> RaftPeers.parse("n0-a:70000")).hasMessageContaining("outside 1-65535");
        assertThatThrownBy(() -> RaftPeers.parse("n0-a:1;n1-b:2").nodeIdOf("n7"))
            .hasMessageContaining("'n7' is not one of the dLegerPeers [n0, n1]");
        var missing = RaftConfig.DEF.parse(Map.of("dLegerPeers", "n0-a:1"), unknown -> { });
        assertThatThrownBy(() -> RaftConfig.Settings.of(missing))
            .hasMessageContaining("needs dLegerGroup, dLegerPeers and dLegerSelfId");
        assertThatThrownBy(() -> new RaftConfig.Settings(0, List.of(0, 1, 2), 300, 300, 50, 1, 1, 1, 1, 1,
            RaftNode.NO_NODE, 1)).hasMessageContaining("election timeout range [300, 300) is empty");
        assertThatThrownBy(() -> new RaftConfig.Settings(0, List.of(0, 1, 2), 150, 300, 150, 1, 1, 1, 1, 1,
            RaftNode.NO_NODE, 1)).hasMessageContaining("must be positive and below the election timeout");
    }
}
