package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code CONSISTENT_HASH}: a hash ring with {@code virtualNodes} points per client, so a client joining or leaving
 * moves only about 1/n of the queues.
 *
 * <p>Exactly RocketMQ's ring, because every member of a group (official clients included) must compute the same
 * assignment: the point of client c's k-th virtual node is the hash of {@code "c-k"}; a queue's hash is that of
 * {@link MessageQueue#toString()} ({@code MessageQueue [topic=T, brokerName=B, queueId=N]}); hash = the first four
 * bytes of the UTF-8 text's MD5 digest as an unsigned big-endian number. A queue goes to the first point at or after
 * its hash, wrapping to the lowest point. Points are added client by client in id order, so when two points collide
 * the later client keeps it.
 */
public final class AllocateConsistentHash implements AllocateStrategy {

    /** RocketMQ's default number of virtual nodes per client. */
    public static final int DEFAULT_VIRTUAL_NODES = 10;

    private final int virtualNodes;

    public AllocateConsistentHash() {
        this(DEFAULT_VIRTUAL_NODES);
    }

    public AllocateConsistentHash(int virtualNodes) {
        if (virtualNodes < 1) {
            throw new IllegalArgumentException("virtualNodes must be at least 1, got " + virtualNodes);
        }
        this.virtualNodes = virtualNodes;
    }

    @Override
    public String name() {
        return "CONSISTENT_HASH";
    }

    public int virtualNodes() {
        return virtualNodes;
    }

    @Override
    public List<MessageQueue> allocate(String group, String clientId, List<MessageQueue> allQueues,
                                       List<String> allClientIds) {
        if (!allClientIds.contains(clientId)) {
            return List.of();
        }
        MessageDigest md5 = md5();
        TreeMap<Long, String> ring = new TreeMap<>();
        for (String cid : allClientIds) {
            for (int k = 0; k < virtualNodes; k++) {
                ring.put(hash(md5, cid + "-" + k), cid);
            }
        }
        List<MessageQueue> result = new ArrayList<>();
        for (MessageQueue mq : allQueues) {
            Map.Entry<Long, String> node = ring.ceilingEntry(hash(md5, mq.toString()));
            String owner = node != null ? node.getValue() : ring.firstEntry().getValue();
            if (clientId.equals(owner)) {
                result.add(mq);
            }
        }
        return List.copyOf(result);
    }

    /** The ring position of {@code key}: the first 4 bytes of MD5(UTF-8 key), unsigned big-endian. */
    static long hash(MessageDigest md5, String key) {
        md5.reset();
        byte[] digest = md5.digest(key.getBytes(StandardCharsets.UTF_8));
        return ((digest[0] & 0xFFL) << 24) | ((digest[1] & 0xFFL) << 16) | ((digest[2] & 0xFFL) << 8) | (digest[3] & 0xFFL);
    }

    static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no MD5, which every Java platform must provide", e);
        }
    }

    @Override
    public String toString() {
        return name() + "(" + virtualNodes + " virtual nodes)";
    }
}
