package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import dev.petrel.testkit.Await;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Oversize and undecodable frames close only their own connection and allocate nothing like what they claim. */
class BadInputTest extends RemotingFixture {

    static final int MAX_FRAME = 64 * 1024;

    /** Reads take up to 64 KiB and growth rounds up to a power of two: a few times the maximum, never a claim. */
    static final int ALLOCATION_BOUND = 4 * MAX_FRAME;

    RecordingAllocator allocator;
    RemotingServer server;
    RemotingClient healthy;
    List<String> events;

    @BeforeEach
    void start() throws Exception {
        allocator = new RecordingAllocator();
        events = new CopyOnWriteArrayList<>();
        server = server(serverConfig()
            .with(RemotingCommonConfig.FRAME_MAX_LENGTH, MAX_FRAME)
            .with(RemotingCommonConfig.USE_EPOLL_NATIVE_SELECTOR, false), allocator);
        server.registerProcessor(RequestCode.HEART_BEAT, RoundTripTest.ECHO);
        server.addConnectionListener(ServerToClientTest.recorder(events));
        server.start();
        healthy = startedClient();
        assertHealthy();
    }

    @Test
    void oversizeFrameClosesOnlyThatConnectionWithoutAllocatingTheClaim() throws Exception {
        try (RawPeer attacker = new RawPeer(server.port())) {
            // Claims 1 GiB, then keeps sending.
            attacker.send(ByteBuffer.allocate(8).putInt(1 << 30).putInt(0x0000_0010).array());
            sendQuietly(attacker, new byte[1 << 20]);

            assertThat(attacker.closedByPeer()).isTrue();
        }
        assertHealthy();
        assertThat(server.metrics().badFrames()).isEqualTo(1);
        assertThat(allocator.largest.get()).isLessThanOrEqualTo(ALLOCATION_BOUND);
        Await.until(WAIT, "the exception and close events", () -> events.contains("exception:MalformedFrameException")
            && events.contains("closed"));
    }

    @Test
    void frameJustOverTheMaximumIsRefusedAndOneAtTheMaximumAccepted() throws Exception {
        byte[] body = new byte[MAX_FRAME - 4 - 4 - headerLength()];
        RemotingCommand atMax = RemotingCommand.request(RequestCode.HEART_BEAT, null, body).withOpaque(5);
        byte[] frame = RemotingFrameCodec.encode(atMax);
        assertThat(frame).hasSize(MAX_FRAME);
        try (RawPeer peer = new RawPeer(server.port())) {
            peer.send(frame);
            assertThat(peer.readFrame().opaque()).isEqualTo(5);
        }
        byte[] tooBig = RemotingFrameCodec.encode(RemotingCommand.request(RequestCode.HEART_BEAT, null, new byte[body.length + 1]));
        try (RawPeer peer = new RawPeer(server.port())) {
            sendQuietly(peer, tooBig);
            assertThat(peer.closedByPeer()).isTrue();
        }
        assertHealthy();
    }

    @Test
    void undecodableFramesCloseOnlyTheirConnection() throws Exception {
        List<byte[]> garbage = List.of(
            // valid length, JSON type, header that is not JSON
            frame(0x0000_0008, "not json".getBytes()),
            // header length larger than the frame
            frame(0x0000_7000, "{}".getBytes()),
            // unknown serialize type 9
            frame(0x0900_0002, "{}".getBytes()),
            // binary header whose remark length points far beyond the frame
            frame(0x0100_0015, ByteBuffer.allocate(21).putShort((short) 34).put((byte) 0).putShort((short) 475)
                .putInt(1).putInt(0).putInt(Integer.MAX_VALUE).putInt(0).array()),
            // negative length
            ByteBuffer.allocate(8).putInt(-4).putInt(0).array(),
            // a length of 2: shorter than the header-length word
            ByteBuffer.allocate(6).putInt(2).putShort((short) 0).array());
        for (byte[] bad : garbage) {
            try (RawPeer peer = new RawPeer(server.port())) {
                peer.send(bad);
                assertThat(peer.closedByPeer()).isTrue();
            }
            assertHealthy();
        }
        assertThat(server.metrics().badFrames()).isEqualTo(garbage.size());
        assertThat(allocator.largest.get()).isLessThanOrEqualTo(ALLOCATION_BOUND);
    }

    @Test
    void aConnectionThatWorkedIsClosedByItsFirstBadFrame() throws Exception {
        try (RawPeer peer = new RawPeer(server.port())) {
            peer.send(RemotingCommand.request(RequestCode.HEART_BEAT, null, null).withOpaque(77));
            assertThat(peer.readFrame().opaque()).isEqualTo(77);
            peer.send(frame(0x0000_0004, "{{{{".getBytes()));

            assertThat(peer.closedByPeer()).isTrue();
        }
    }

    private void assertHealthy() throws Exception {
        RemotingCommand response = healthy.invokeSync(address(server), RemotingCommand.request(RequestCode.HEART_BEAT,
            null, null), 5000);
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static int headerLength() {
        byte[] frame = RemotingFrameCodec.encode(RemotingCommand.request(RequestCode.HEART_BEAT, null, null).withOpaque(5));
        return frame.length - 8;
    }

    static byte[] frame(int headerWord, byte[] rest) {
        return ByteBuffer.allocate(8 + rest.length).putInt(4 + rest.length).putInt(headerWord).put(rest).array();
    }

    static void sendQuietly(RawPeer peer, byte[] bytes) {
        try {
            peer.send(bytes);
        } catch (IOException closedMeanwhile) {
            // The server may close before all of it is written; that is the point.
        }
    }

}
