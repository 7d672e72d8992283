package dev.petrel.raft.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.raft.RaftEntry;
import dev.petrel.raft.message.AppendRequest;
import dev.petrel.raft.message.AppendResponse;
import dev.petrel.raft.message.RaftMessage;
import dev.petrel.raft.message.TimeoutNow;
import dev.petrel.raft.message.VoteRequest;
import dev.petrel.raft.message.VoteResponse;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.ArrayList;
import java.util.List;

/**
 * Every message survives encode/decode; arbitrary bytes, and valid messages with bytes flipped, cut or appended,
 * decode to a message or a {@link RaftWireException}, never another exception, and never allocate more than the
 * input holds.
 */
class RaftMessageCodecPropertyTest {

    @Property(tries = 500)
    void roundTrip(@ForAll("messages") RaftMessage m) throws RaftWireException {
        byte[] bytes = RaftMessageCodec.encode(m);
        assertThat(bytes).hasSize(RaftMessageCodec.encodedLength(m));
        assertThat(RaftMessageCodec.decode(bytes)).isEqualTo(m);
    }

    @Property(tries = 3000)
    void randomBytesAreAMessageOrAClearError(@ForAll @Size(max = 200) byte[] bytes) {
        decodeSafely(bytes);
    }

    @Property(tries = 3000)
    void damagedMessagesAreAMessageOrAClearError(@ForAll("messages") RaftMessage m, @ForAll @IntRange(max = 10_000) int at,
                                                 @ForAll byte value, @ForAll @IntRange(min = 0, max = 2) int damage) {
        byte[] bytes = RaftMessageCodec.encode(m);
        int i = at % bytes.length;
        byte[] damaged = switch (damage) {
            case 0 -> {
                bytes[i] = value;
                yield bytes;
            }
            case 1 -> java.util.Arrays.copyOf(bytes, i);
            default -> {
                byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1 + i % 7);
                longer[bytes.length] = value;
                yield longer;
            }
        };
        decodeSafely(damaged);
    }

    private static void decodeSafely(byte[] bytes) {
        try {
            RaftMessage m = RaftMessageCodec.decode(bytes);
            assertThat(RaftMessageCodec.encodedLength(m)).as("a decoded message is no larger than its input")
                .isLessThanOrEqualTo(bytes.length);
        } catch (RaftWireException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<RaftMessage> messages() {
        Arbitrary<Integer> id = Arbitraries.integers().between(0, 1000);
        Arbitrary<Long> term = Arbitraries.longs().between(1, Long.MAX_VALUE / 2);
        Arbitrary<Long> index = Arbitraries.longs().between(0, Long.MAX_VALUE / 2);
        Arbitrary<Boolean> flag = Arbitraries.of(true, false);
        Arbitrary<RaftMessage> vote = Combinators.combine(id, term, index, index, flag, flag)
            .as((f, t, i, lt, p, tr) -> new VoteRequest(f, t, i, Math.min(lt, t), p, tr));
        Arbitrary<RaftMessage> voteResponse = Combinators.combine(id, term, flag, flag).as(VoteResponse::new);
        Arbitrary<RaftMessage> timeoutNow = Combinators.combine(id, term).as(TimeoutNow::new);
        Arbitrary<RaftMessage> response = Combinators.combine(id, term, flag, index, index, index, index, index)
            .as((f, t, s, m, d, ci, ct, p) -> new AppendResponse(f, t, s, m, Math.min(d, m), ci, ct, p));
        Arbitrary<RaftMessage> append = Combinators.combine(id, Arbitraries.longs().between(1, 50),
                Arbitraries.longs().between(0, 1_000_000), Arbitraries.longs().between(0, 1_000_000),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(40).list().ofMaxSize(6))
            .as((f, t, prev, commit, payloads) -> {
                long prevTerm = t / 2;
                List<RaftEntry> entries = new ArrayList<>();
                for (int k = 0; k < payloads.size(); k++) {
                    entries.add(new RaftEntry(prev + 1 + k, Math.max(1, prevTerm) + (k == 0 ? 0 : (t - prevTerm) / 2),
                        payloads.get(k)));
                }
                return new AppendRequest(f, t, prev, prevTerm, commit, entries);
            });
        return Arbitraries.oneOf(vote, voteResponse, timeoutNow, response, append);
    }
}
