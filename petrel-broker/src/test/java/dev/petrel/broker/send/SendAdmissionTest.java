package dev.petrel.broker.send;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.ZeroCopyBody;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Broker fast failure, stepped with a manual clock: a send that waited too long for its thread is refused, with why. */
class SendAdmissionTest {

    private static final class Settings implements SendMessageProcessor.Settings {
        boolean fastFailure = true;

        @Override
        public String regionId() {
            return "DefaultRegion";
        }

        @Override
        public boolean traceOn() {
            return true;
        }

        @Override
        public int brokerPermission() {
            return 6;
        }

        @Override
        public long startAcceptSendRequestTimeStamp() {
            return 0;
        }

        @Override
        public boolean fastFailureEnabled() {
            return fastFailure;
        }

        @Override
        public long waitTimeMillsInSendQueue() {
            return 200;
        }
    }

    /** A request received at {@code receivedNanos}; the processor must answer it by return value here. */
    private record Received(RemotingCommand request, long receivedNanos) implements RequestContext {
        @Override
        public Connection connection() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1:50000";
        }

        @Override
        public LanguageCode language() {
            return LanguageCode.JAVA;
        }

        @Override
        public int version() {
            return 475;
        }

        @Override
        public boolean respond(RemotingCommand response) {
            throw new AssertionError("answered asynchronously");
        }

        @Override
        public boolean respond(RemotingCommand response, ZeroCopyBody body) {
            throw new AssertionError("answered asynchronously");
        }

        @Override
        public boolean isAnswered() {
            return false;
        }
    }

    @Test
    void aSendThatWaitedLongerThanWaitTimeMillsInSendQueueIsRefusedNamingTheLimit() throws Exception {
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        Settings settings = new Settings();
        SendMessageProcessor processor = new SendMessageProcessor(clock, settings, null, null, null, List.of(), null, null,
            null, null, "DefaultCluster", 4 * 1024 * 1024, () -> 1234, group -> false);
        SendMessageRequestHeader h = new SendMessageRequestHeader("pg", "T", "TBW102", 4, 0, 0, 0L, 0, null, 0, false,
            false, null, RpcFields.NONE);
        RemotingCommand request = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2,
            SendMessageV2HeaderCodec.INSTANCE.encode(h), new byte[] {1});
        long received = clock.nanos();
        clock.advance(350, TimeUnit.MILLISECONDS);
        RemotingCommand r = processor.process(new Received(request, received), request);
        assertThat(r.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
        assertThat(r.remark()).startsWith("[TIMEOUT_CLEAN_QUEUE]broker busy").contains("period in queue: 350ms")
            .contains("size of queue: 1234").contains("waitTimeMillsInSendQueue=200");
        assertThat(r.extField("MSG_REGION")).isEqualTo("DefaultRegion");
    }
}
