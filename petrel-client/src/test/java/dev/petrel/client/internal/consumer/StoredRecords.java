package dev.petrel.client.internal.consumer;

import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordLayout;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Map;

/** Builds pull bodies the way a broker serves them: stored records back to back. */
final class StoredRecords {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private long physical = 4096;

    StoredRecords add(String topic, int queueId, long queueOffset, byte[] body, Map<String, String> properties) {
        MessageDraft draft = MessageDraft.builder().topic(topic).queueId(queueId).body(body).properties(properties)
            .bornTimestamp(1_700_000_000_000L).bornHost(Host.parse("10.0.0.1:50000")).storeHost(Host.parse("127.0.0.1:10911"))
            .build();
        ByteBuffer buf = ByteBuffer.allocate(draft.recordSize());
        MessageRecordLayout.encode(buf, 0, draft, queueOffset, physical, 1_700_000_000_100L);
        physical += draft.recordSize();
        out.writeBytes(buf.array());
        return this;
    }

    byte[] bytes() {
        return out.toByteArray();
    }
}
