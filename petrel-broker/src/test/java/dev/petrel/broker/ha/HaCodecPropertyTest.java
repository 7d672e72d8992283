package dev.petrel.broker.ha;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The frame reader against arbitrary input: valid streams cut at arbitrary points come back frame for frame;
 * arbitrary garbage either decodes to valid frames or is refused with {@link HaProtocolException}, never anything
 * else, and nothing is ever buffered beyond the reader's fixed bound.
 */
class HaCodecPropertyTest {

    private static final int MAX_BODY = 64;

    record Block(long offset, byte[] body) {
    }

    @Provide
    Arbitrary<List<Block>> streams() {
        Arbitrary<Block> block = Combinators.combine(Arbitraries.longs().between(0, Long.MAX_VALUE / 2),
            Arbitraries.bytes().array(byte[].class).ofMaxSize(MAX_BODY)).as(Block::new);
        return block.list().ofMaxSize(20);
    }

    @Property(tries = 300)
    void validStreamSurvivesAnyChunking(@ForAll("streams") List<Block> blocks, @ForAll long seed) throws Exception {
        byte[] wire = encode(blocks);
        TransferFrameReader r = new TransferFrameReader(MAX_BODY);
        java.util.Random rnd = new java.util.Random(seed);
        List<Block> got = new ArrayList<>();
        int at = 0;
        while (at < wire.length) {
            ByteBuffer w = r.writable();
            int n = Math.min(Math.min(1 + rnd.nextInt(40), wire.length - at), w.remaining());
            w.put(wire, at, n);
            at += n;
            TransferFrameReader.Frame f;
            while ((f = r.next()) != null) {
                byte[] b = new byte[f.body().remaining()];
                f.body().get(b);
                got.add(new Block(f.offset(), b));
            }
        }
        r.endOfStream();
        assertThat(got).hasSize(blocks.size());
        for (int i = 0; i < blocks.size(); i++) {
            assertThat(got.get(i).offset()).isEqualTo(blocks.get(i).offset());
            assertThat(got.get(i).body()).isEqualTo(blocks.get(i).body());
        }
    }

    @Property(tries = 300)
    void truncatedStreamIsATornFrame(@ForAll("streams") List<Block> blocks, @ForAll @IntRange(min = 1, max = 10_000) int cut) {
        byte[] wire = encode(blocks);
        if (wire.length == 0) {
            return;
        }
        int keep = wire.length - 1 - (cut % wire.length);
        if (isFrameBoundary(blocks, keep)) {
            keep = Math.max(0, keep - 1);
            if (keep == 0) {
                return;
            }
        }
        TransferFrameReader r = new TransferFrameReader(MAX_BODY);
        int k = keep;
        assertThatThrownBy(() -> {
            feed(r, Arrays.copyOf(wire, k));
            r.endOfStream();
        }).isInstanceOf(HaProtocolException.class).hasMessageContaining("inside a frame");
    }

    @Property(tries = 1000)
    void garbageIsDecodedOrRefusedNeverCrashes(@ForAll @Size(max = 400) byte[] garbage) {
        TransferFrameReader r = new TransferFrameReader(MAX_BODY);
        try {
            feed(r, garbage);
            r.endOfStream();
        } catch (HaProtocolException e) {
            assertThat(e.getMessage()).isNotBlank();
        }
        assertThat(r.buffered()).isLessThanOrEqualTo(TransferFrameCodec.HEADER_SIZE + MAX_BODY);
    }

    @Property(tries = 300)
    void claimedSizesOutsideTheBoundAreRefused(@ForAll long offset, @ForAll int size) {
        if (offset >= 0 && size >= 0 && size <= MAX_BODY) {
            return;
        }
        ByteBuffer h = ByteBuffer.allocate(TransferFrameCodec.HEADER_SIZE).putLong(offset).putInt(size);
        TransferFrameReader r = new TransferFrameReader(MAX_BODY);
        r.writable().put(h.array());
        assertThatThrownBy(r::next).isInstanceOf(HaProtocolException.class);
    }

    @Property(tries = 300)
    void reportsRoundTripAndNegativesAreRefused(@ForAll List<Long> values) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(values.size() * 8);
        values.forEach(b::putLong);
        b.flip();
        if (values.stream().anyMatch(v -> v < 0)) {
            assertThatThrownBy(() -> OffsetReportCodec.decodeLast(b)).isInstanceOf(HaProtocolException.class);
        } else {
            long expected = values.isEmpty() ? OffsetReportCodec.NONE : values.get(values.size() - 1);
            assertThat(OffsetReportCodec.decodeLast(b)).isEqualTo(expected);
        }
    }

    private static void feed(TransferFrameReader r, byte[] bytes) throws HaProtocolException {
        int at = 0;
        while (at < bytes.length) {
            ByteBuffer w = r.writable();
            int n = Math.min(w.remaining(), bytes.length - at);
            w.put(bytes, at, n);
            at += n;
            while (r.next() != null) {
                // drain
            }
        }
    }

    private static boolean isFrameBoundary(List<Block> blocks, int at) {
        int p = 0;
        for (Block b : blocks) {
            if (p == at) {
                return true;
            }
            p += TransferFrameCodec.HEADER_SIZE + b.body().length;
        }
        return p == at;
    }

    private static byte[] encode(List<Block> blocks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Block b : blocks) {
            ByteBuffer h = ByteBuffer.allocate(TransferFrameCodec.HEADER_SIZE);
            TransferFrameCodec.encodeHeader(h, b.offset(), b.body().length);
            out.writeBytes(h.array());
            out.writeBytes(b.body());
        }
        return out.toByteArray();
    }
}
