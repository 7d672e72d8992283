package dev.petrel.broker;

import static dev.petrel.broker.pull.PullSysFlag.COMMIT_OFFSET;
import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server-side reset (resetOffsetByTime) survives the commit offset that the consumer's next pull carries: that
 * offset predates the reset. Before the fix the pull that handed out the reset also stored the stale commit offset,
 * so a consumer that stopped before its next commit resumed from before the reset.
 */
class ResetOffsetCommitTest {

    @TempDir
    Path dir;

    @Test
    void thePullThatHandsOutAResetDoesNotStoreItsStaleCommitOffset() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir)) {
            for (int i = 0; i < 3; i++) {
                assertThat(f.send("ResetCommitT", 0, "m" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            Await.until(Duration.ofSeconds(10), "dispatch", () -> f.broker.store().maxOffsetInQueue("ResetCommitT", 0) == 3);
            f.broker.groups().find("gResetCommit");
            f.call(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader("gResetCommit",
                "ResetCommitT", 0, 3, RpcFields.NONE), null);
            RemotingCommand reset = f.call(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, new ResetOffsetRequestHeader(
                "ResetCommitT", "gResetCommit", -1, -1L, 0, true, RpcFields.NONE), null);
            assertThat(reset.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(f.broker.offsets().query("gResetCommit", "ResetCommitT", 0)).isZero();

            RemotingCommand pull = f.pull(new PullMessageRequestHeader("gResetCommit", "ResetCommitT", 0, 3, 32,
                SUBSCRIPTION | COMMIT_OFFSET, 3, 0, "*", 0, "TAG", 262144, null, null, RpcFields.toBroker("broker-a")));
            assertThat(pull.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
            assertThat(pull.extField("nextBeginOffset")).isEqualTo("0");
            assertThat(f.broker.offsets().query("gResetCommit", "ResetCommitT", 0)).as("the reset offset stays committed")
                .isZero();

            RemotingCommand next = f.pull(new PullMessageRequestHeader("gResetCommit", "ResetCommitT", 0, 0, 32,
                SUBSCRIPTION | COMMIT_OFFSET, 1, 0, "*", 0, "TAG", 262144, null, null, RpcFields.toBroker("broker-a")));
            assertThat(next.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(f.broker.offsets().query("gResetCommit", "ResetCommitT", 0)).as("later commits apply").isEqualTo(1);
        }
    }
}
