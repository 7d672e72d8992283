package dev.petrel.client.internal.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.Message;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class BatchSplitterTest {

    private static final int FOUR_MIB = 4 * 1024 * 1024;

    private static List<String> keys(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(String.format("%032X", i));
        }
        return out;
    }

    @Test
    void tenOneMibMessagesBecomeBatchesUnderFourMib() {
        List<Message> msgs = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            msgs.add(Message.of("T", new byte[1024 * 1024]));
        }
        List<BatchSplitter.Batch> batches = BatchSplitter.split(msgs, keys(10), FOUR_MIB);
        assertThat(batches).extracting(b -> b.messages().size()).containsExactly(3, 3, 3, 1);
        assertThat(batches).allSatisfy(b -> assertThat(b.encodedBytes()).isLessThanOrEqualTo(FOUR_MIB));
    }

    @Property(tries = 100)
    void splitsKeepOrderAndRespectTheLimit(@ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 3000) Integer> sizes,
                                          @ForAll @IntRange(min = 3200, max = 20_000) int limit) {
        List<Message> msgs = new ArrayList<>();
        for (int s : sizes) {
            msgs.add(Message.of("T", new byte[s]));
        }
        List<BatchSplitter.Batch> batches = BatchSplitter.split(msgs, keys(msgs.size()), limit);
        List<Message> flattened = new ArrayList<>();
        for (BatchSplitter.Batch b : batches) {
            assertThat(b.encodedBytes()).isLessThanOrEqualTo(limit);
            assertThat(b.messages()).isNotEmpty();
            flattened.addAll(b.messages());
        }
        assertThat(flattened).containsExactlyElementsOf(msgs);
    }

    @Test
    void rulesAreChecked() {
        assertThatThrownBy(() -> BatchSplitter.check(List.of(Message.of("A", "x"), Message.of("B", "y"))))
            .hasMessageContaining("same topic");
        assertThatThrownBy(() -> BatchSplitter.check(List.of(Message.builder("A").body("x").delayLevel(2).build())))
            .hasMessageContaining("delayed");
        assertThatThrownBy(() -> BatchSplitter.check(List.of(Message.of("%RETRY%g", "x")))).hasMessageContaining("retry");
        assertThatThrownBy(() -> BatchSplitter.split(List.of(Message.of("A", new byte[100])), keys(1), 50))
            .hasMessageContaining("more than the 50-byte limit");
    }
}
