package dev.petrel.client.internal.producer;

import dev.petrel.client.Message;
import dev.petrel.message.NameValidator;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a batch against RocketMQ's rules (flows.md §4) and cuts it into batches whose encoded body fits
 * {@code maxBytes} (4 MiB by default), keeping the messages' order. Pure.
 */
public final class BatchSplitter {

    /** One batch to send: the messages and their UNIQ_KEYs, same order. */
    public record Batch(List<Message> messages, List<String> uniqKeys, int encodedBytes) {
    }

    private BatchSplitter() {
    }

    /**
     * @param uniqKeys one id per message, same order (assigned before splitting so retries keep them)
     * @throws IllegalArgumentException if the batch breaks a rule or one message alone exceeds {@code maxBytes}
     */
    public static List<Batch> split(List<Message> messages, List<String> uniqKeys, int maxBytes) {
        check(messages);
        List<Batch> out = new ArrayList<>();
        List<Message> current = new ArrayList<>();
        List<String> currentKeys = new ArrayList<>();
        int bytes = 0;
        for (int i = 0; i < messages.size(); i++) {
            Message m = messages.get(i);
            int size = SendRequestFactory.batchEntrySize(m, uniqKeys.get(i));
            if (size > maxBytes) {
                throw new IllegalArgumentException("message " + i + " of the batch encodes to " + size
                    + " bytes, more than the " + maxBytes + "-byte limit (maxMessageSize); send it alone compressed or "
                    + "make it smaller");
            }
            if (bytes + size > maxBytes && !current.isEmpty()) {
                out.add(new Batch(List.copyOf(current), List.copyOf(currentKeys), bytes));
                current.clear();
                currentKeys.clear();
                bytes = 0;
            }
            current.add(m);
            currentKeys.add(uniqKeys.get(i));
            bytes += size;
        }
        if (!current.isEmpty()) {
            out.add(new Batch(List.copyOf(current), List.copyOf(currentKeys), bytes));
        }
        return out;
    }

    /** RocketMQ's batch rules: not empty, one topic, one WAIT value, no delay, no retry topic. */
    public static void check(List<Message> messages) {
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one message");
        }
        Message first = messages.get(0);
        for (Message m : messages) {
            if (!m.topic().equals(first.topic())) {
                throw new IllegalArgumentException("all messages of a batch must have the same topic, got " + first.topic()
                    + " and " + m.topic());
            }
            if (m.waitStoreMsgOK() != first.waitStoreMsgOK()) {
                throw new IllegalArgumentException("all messages of a batch must have the same waitStoreMsgOK");
            }
            if (m.delayLevel() > 0) {
                throw new IllegalArgumentException("delayed messages cannot be sent in a batch; send them one by one");
            }
        }
        if (first.topic().startsWith(NameValidator.RETRY_PREFIX)) {
            throw new IllegalArgumentException("batches to retry topics (" + first.topic() + ") are not allowed");
        }
    }
}
