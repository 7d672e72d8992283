package dev.petrel.store;

import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.store.cleanup.DiskUsage;
import dev.petrel.store.file.StoreFileFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small-file store configurations and message helpers shared by the store tests. */
public final class StoreFixture {

    public static final Host BORN = new Host(new byte[] {10, 0, 0, 7}, 40000);
    public static final Host STORE = new Host(new byte[] {127, 0, 0, 1}, 10911);

    private StoreFixture() {
    }

    /** A small store: 64 KiB CommitLog files, 50-entry ConsumeQueue files, a tiny index. */
    public static Map<String, String> smallConfig(Path root) {
        Map<String, String> m = new HashMap<>();
        m.put("storePathRootDir", root.toString());
        m.put("mappedFileSizeCommitLog", Integer.toString(64 * 1024));
        m.put("mappedFileSizeConsumeQueue", Integer.toString(50 * 20));
        m.put("maxHashSlotNum", "64");
        m.put("maxIndexNum", "400");
        m.put("flushIntervalCommitLog", "20");
        m.put("flushIntervalConsumeQueue", "50");
        m.put("maxMessageSize", Integer.toString(16 * 1024));
        return m;
    }

    public static Config config(Map<String, String> raw) {
        return StoreConfig.DEF.parse(raw, unknown -> {
            throw new IllegalArgumentException("unknown store property " + unknown);
        });
    }

    public static LocalMessageStore store(Map<String, String> raw, Clock clock, StoreFileFactory files) {
        return new LocalMessageStore(StoreConfig.Settings.of(config(raw)), clock, files, DiskUsage.fileSystem());
    }

    public static LocalMessageStore store(Map<String, String> raw, Clock clock) {
        return store(raw, clock, StoreFileFactory.mapped());
    }

    /** The body a test message with this key carries: derived from the key so a reader can check it. */
    public static byte[] bodyOf(String key, int size) {
        byte[] seed = (key + "|").getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (seed[i % seed.length] + i / seed.length);
        }
        return b;
    }

    public static MessageDraft message(String topic, int queueId, String key, int bodySize, String tags) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("KEYS", key);
        props.put("UNIQ_KEY", "U" + key);
        if (tags != null) {
            props.put("TAGS", tags);
        }
        return MessageDraft.builder().topic(topic).queueId(queueId).body(bodyOf(key, bodySize)).properties(props)
            .bornTimestamp(1_700_000_000_000L).bornHost(BORN).storeHost(STORE).build();
    }

    public static DecodedMessage decode(StoredRecord r) {
        return new MessageRecordDecoder().decode(r.buffer(), 0);
    }

    public static String key(DecodedMessage m) {
        return m.keys();
    }

    public static String props(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return PropertiesCodec.encode(m);
    }
}
