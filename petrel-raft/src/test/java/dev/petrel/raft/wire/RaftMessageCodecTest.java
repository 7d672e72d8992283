package dev.petrel.raft.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.raft.RaftEntry;
import dev.petrel.raft.message.AppendRequest;
import dev.petrel.raft.message.AppendResponse;
import dev.petrel.raft.message.RaftMessage;
import dev.petrel.raft.message.TimeoutNow;
import dev.petrel.raft.message.VoteRequest;
import dev.petrel.raft.message.VoteResponse;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;

/** Golden bytes of every Raft message, and the decode errors of malformed ones. */
class RaftMessageCodecTest {

    private static final HexFormat HEX = HexFormat.of();

    private static void golden(RaftMessage m, String hex) throws RaftWireException {
        String compact = hex.replace(" ", "");
        assertThat(HEX.formatHex(RaftMessageCodec.encode(m))).isEqualTo(compact);
        assertThat(RaftMessageCodec.decode(HEX.parseHex(compact))).isEqualTo(m);
    }

    @Test
    void voteRequest() throws RaftWireException {
        golden(new VoteRequest(2, 7, 300, 6, true, false),
            "01 01 0001 00000002 0000000000000007 000000000000012c 0000000000000006");
        golden(new VoteRequest(1, 8, 0, 0, false, true),
            "01 01 0002 00000001 0000000000000008 0000000000000000 0000000000000000");
    }

    @Test
    void voteResponse() throws RaftWireException {
        golden(new VoteResponse(3, 9, true, true), "01 02 0003 00000003 0000000000000009");
        golden(new VoteResponse(0, 4, false, false), "01 02 0000 00000000 0000000000000004");
    }

    @Test
    void appendRequestWithEntriesAndHeartbeat() throws RaftWireException {
        golden(new AppendRequest(1, 5, 10, 4, 9, List.of(new RaftEntry(11, 4, new byte[] {(byte) 0xAB, 0x01}),
                RaftEntry.leaderMarker(12, 5))),
            "01 03 0000 00000001 0000000000000005 000000000000000a 0000000000000004 0000000000000009 00000002"
                + " 0000000000000004 00000002 ab01"
                + " 0000000000000005 00000000");
        golden(new AppendRequest(0, 1, 0, 0, 0, List.of()),
            "01 03 0000 00000000 0000000000000001 0000000000000000 0000000000000000 0000000000000000 00000000");
    }

    @Test
    void appendResponse() throws RaftWireException {
        golden(new AppendResponse(2, 5, true, 20, 18, 0, 0, 19),
            "01 04 0001 00000002 0000000000000005 0000000000000014 0000000000000012 0000000000000000"
                + " 0000000000000000 0000000000000013");
        golden(new AppendResponse(2, 5, false, 7, 0, 3, 2, 9),
            "01 04 0000 00000002 0000000000000005 0000000000000007 0000000000000000 0000000000000003"
                + " 0000000000000002 0000000000000009");
    }

    @Test
    void timeoutNow() throws RaftWireException {
        golden(new TimeoutNow(4, 12), "01 05 0000 00000004 000000000000000c");
    }

    @Test
    void decodingReadsFromThePositionToTheLimitWithoutMovingIt() throws RaftWireException {
        byte[] body = RaftMessageCodec.encode(new TimeoutNow(1, 2));
        ByteBuffer framed = ByteBuffer.allocate(body.length + 8);
        framed.position(4);
        framed.put(body);
        framed.position(4).limit(4 + body.length);
        assertThat(RaftMessageCodec.decode(framed)).isEqualTo(new TimeoutNow(1, 2));
        assertThat(framed.position()).isEqualTo(4);
    }

    @Test
    void malformedInputIsNamed() {
        assertError("0105", "shorter than its 16-byte header");
        assertError("02 05 0000 00000004 000000000000000c", "version 2 is not supported");
        assertError("01 09 0000 00000004 000000000000000c", "unknown Raft message type 9");
        assertError("01 02 0004 00000003 0000000000000009", "VoteResponse: unknown flag bits 0x4");
        assertError("01 05 0000 ffffffff 000000000000000c", "negative sender id -1");
        assertError("01 05 0000 00000004 000000000000000c 00", "TimeoutNow is 16 bytes, got 17");
        // a count of 2^31-1 entries in 12 bytes: refused before anything is allocated for them
        assertError("01 03 0000 00000001 0000000000000005 000000000000000a 0000000000000004 0000000000000009 7fffffff"
            + " 0000000000000004 00000002", "entry count 2147483647 impossible in 12 bytes");
        assertError("01 03 0000 00000001 0000000000000005 000000000000000a 0000000000000004 0000000000000009 00000001"
            + " 0000000000000004 7fffffff", "entry 0 claims 2147483647 payload bytes, 0 remain");
        assertError("01 03 0000 00000001 0000000000000005 000000000000000a 0000000000000004 0000000000000009 00000001"
            + " 0000000000000006 00000000", "entry 0 has term 6, expected 4..5");
        assertError("01 04 0001 00000002 0000000000000005 0000000000000001 0000000000000002 0000000000000000"
            + " 0000000000000000 0000000000000001", "durableIndex 2 above matchIndex 1");
    }

    private static void assertError(String hex, String expected) {
        assertThatThrownBy(() -> RaftMessageCodec.decode(HEX.parseHex(hex.replace(" ", ""))))
            .isInstanceOf(RaftWireException.class).hasMessageContaining(expected);
    }
}
