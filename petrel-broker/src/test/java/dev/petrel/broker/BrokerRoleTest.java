package dev.petrel.broker;

import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.store.StoreRole;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The broker role is an input of the wiring: a SLAVE's store refuses sends; a master's takes them. */
class BrokerRoleTest {

    @TempDir
    Path dir;

    @Test
    void aSlaveRefusesSendsWithServiceNotAvailableAndSaysWhy() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir, Map.of("brokerRole", "SLAVE", "brokerId", "1"))) {
            assertThat(f.broker.store().role()).isEqualTo(StoreRole.SLAVE);
            RemotingCommand r = f.send("RoleTopic", 0, "x");
            assertThat(r.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
            assertThat(r.remark()).startsWith("service not available now. It may be caused by one of the following "
                + "reasons").contains("messages are put to the slave").contains("this store is a SLAVE");
            assertThat(f.broker.store().commitLogMaxOffset()).isZero();
        }
    }

    @Test
    void aSlaveWithBrokerIdZeroDoesNotStart() {
        assertThatThrownBy(() -> new BrokerFixture(dir, Map.of("brokerRole", "SLAVE")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("brokerRole=SLAVE needs brokerId > 0");
    }

    @Test
    void aFollowerAnswersServiceNotAvailableAsApachesDLedgerFollowerDoes() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir, Map.of("brokerRole", "ASYNC_MASTER"))) {
            assertThat(f.broker.store().role()).isEqualTo(StoreRole.MASTER);
            assertThat(f.send("RoleTopic", 0, "stored").code()).isEqualTo(ResponseCode.SUCCESS);
            f.broker.store().setRole(StoreRole.FOLLOWER);
            RemotingCommand r = f.send("RoleTopic", 0, "refused");
            assertThat(r.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
            assertThat(r.remark()).contains("not the leader");
            assertThat(f.broker.store().maxOffsetInQueue("RoleTopic", 0)).isEqualTo(1);
        }
    }
}
