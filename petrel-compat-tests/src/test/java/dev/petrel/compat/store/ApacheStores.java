package dev.petrel.compat.store;

import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExtBrokerInner;
import org.apache.rocketmq.store.DefaultMessageStore;
import org.apache.rocketmq.store.config.FlushDiskType;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.apache.rocketmq.store.stats.BrokerStatsManager;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/** Builds Apache RocketMQ 5.3.1 DefaultMessageStores and messages with the sizes Petrel's compat tests use. */
public final class ApacheStores {

    public static final int COMMIT_LOG_FILE_SIZE = 64 * 1024;
    public static final int CONSUME_QUEUE_FILE_SIZE = 50 * 20;
    public static final int HASH_SLOTS = 64;
    public static final int INDEX_ENTRIES = 400;

    private ApacheStores() {
    }

    public static MessageStoreConfig config(Path root, int commitLogFileSize, boolean syncFlush) {
        MessageStoreConfig c = new MessageStoreConfig();
        c.setStorePathRootDir(root.toString());
        c.setStorePathCommitLog(root.resolve("commitlog").toString());
        c.setMappedFileSizeCommitLog(commitLogFileSize);
        c.setMappedFileSizeConsumeQueue(CONSUME_QUEUE_FILE_SIZE);
        c.setMaxHashSlotNum(HASH_SLOTS);
        c.setMaxIndexNum(INDEX_ENTRIES);
        c.setFlushDiskType(syncFlush ? FlushDiskType.SYNC_FLUSH : FlushDiskType.ASYNC_FLUSH);
        return c;
    }

    public static DefaultMessageStore open(MessageStoreConfig config) throws Exception {
        BrokerConfig broker = new BrokerConfig();
        DefaultMessageStore store = new DefaultMessageStore(config, new BrokerStatsManager("compat", true),
            (topic, queueId, logicOffset, tagsCode, msgStoreTime, filterBitMap, properties) -> { }, broker,
            new ConcurrentHashMap<String, TopicConfig>());
        if (!store.load()) {
            throw new IllegalStateException("Apache store failed to load " + config.getStorePathRootDir());
        }
        store.start();
        return store;
    }

    public static MessageExtBrokerInner message(String topic, int queueId, String key, byte[] body, String tags) {
        MessageExtBrokerInner m = new MessageExtBrokerInner();
        m.setTopic(topic);
        m.setQueueId(queueId);
        m.setBody(body);
        m.setTags(tags);
        m.setKeys(key);
        org.apache.rocketmq.common.message.MessageAccessor.putProperty(m, "UNIQ_KEY", "U" + key);
        m.setBornTimestamp(1_700_000_000_000L);
        m.setBornHost(new InetSocketAddress("10.0.0.7", 40000));
        m.setStoreHost(new InetSocketAddress("127.0.0.1", 10911));
        m.setPropertiesString(MessageDecoder.messageProperties2String(m.getProperties()));
        m.setTagsCode(MessageExtBrokerInner.tagsString2tagsCode(tags));
        return m;
    }
}
