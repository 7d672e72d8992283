package dev.petrel.compat.broker;

import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The official 5.3.1 producer sending numbered bodies to one topic without pause, from one or more threads
 * ({@code raft-fault-sender-<k>}, each a synchronous send at a time), recording every acknowledgement (SEND_OK): when,
 * and which broker stored it (from the offset message id). The fault loops check afterwards that every acknowledged
 * body is consumed. Several threads keep several sends outstanding, so a leader that loses its peers is sent more
 * while it waits for a quorum (the tail it must cut later).
 *
 * <p>The producer polls the NameServer every 200 ms (the client's default is 30 s: with it, a default client reaches a
 * new leader at its next route refresh, as with Apache's DLedger) and gives a send 3 s, so it moves on from a broker
 * that cannot answer.
 */
final class AckedSender implements AutoCloseable {

    private final DefaultMQProducer producer;
    private final String topic;
    /** Acknowledged body → when (System.nanoTime). */
    private final Map<String, Long> acked = new ConcurrentHashMap<>();
    private final Queue<Ack> acks = new ConcurrentLinkedQueue<>();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final List<Thread> threads = new ArrayList<>();
    /** Per thread: when its latest finished send (acknowledged or not) started. */
    private final AtomicLongArray lastFinishedStart;

    private record Ack(long nanos, String broker) {
    }

    private AckedSender(DefaultMQProducer producer, String topic, int threadCount) {
        this.producer = producer;
        this.topic = topic;
        this.lastFinishedStart = new AtomicLongArray(threadCount);
        for (int k = 0; k < threadCount; k++) {
            int thread = k;
            threads.add(new Thread(() -> run(thread), "raft-fault-sender-" + k));
        }
    }

    /** One sending thread. */
    static AckedSender start(String namesrvAddr, String producerGroup, String topic) throws MQClientException {
        return start(namesrvAddr, producerGroup, topic, 1);
    }

    static AckedSender start(String namesrvAddr, String producerGroup, String topic, int threadCount)
        throws MQClientException {
        // The route poll is scheduled when the producer starts: set before start.
        DefaultMQProducer producer = new DefaultMQProducer(producerGroup);
        producer.setNamesrvAddr(namesrvAddr);
        producer.setInstanceName(Clients.instance("producer"));
        producer.setPollNameServerInterval(200);
        producer.start();
        AckedSender s = new AckedSender(producer, topic, threadCount);
        s.threads.forEach(Thread::start);
        return s;
    }

    private void run(int thread) {
        long seq = 0;
        while (!stop.get()) {
            String body = "raft-" + thread + "-" + seq++;
            long started = System.nanoTime();
            try {
                SendResult r = producer.send(new Message(topic, body.getBytes(StandardCharsets.UTF_8)), 3_000);
                if (r.getSendStatus() == SendStatus.SEND_OK) {
                    long now = System.nanoTime();
                    acked.put(body, now);
                    acks.add(new Ack(now, storeHost(r)));
                    lastFinishedStart.set(thread, started);
                    continue;
                }
            } catch (Exception e) {
                // no leader now, or the old one's address: retried with the next message
            }
            lastFinishedStart.set(thread, started);
            failed.incrementAndGet();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // pacing while there is no leader
        }
    }

    /** Bodies acknowledged so far, with the time of acknowledgement. */
    Map<String, Long> acked() {
        return acked;
    }

    long failed() {
        return failed.get();
    }

    /** The time of the first acknowledgement after {@code nanos} by a broker other than {@code broker}, or 0. */
    long firstAckAfter(long nanos, String broker) {
        return acks.stream().filter(a -> a.nanos - nanos > 0 && !broker.equals(a.broker)).mapToLong(Ack::nanos)
            .min().orElse(0L);
    }

    /**
     * Whether every thread finished a send it started after {@code nanos}: the sends outstanding at that moment (to a
     * leader that was then cut off, say) are all answered or given up.
     */
    boolean allFinishedSendsStartedAfter(long nanos) {
        for (int k = 0; k < lastFinishedStart.length(); k++) {
            if (lastFinishedStart.get(k) - nanos <= 0) {
                return false;
            }
        }
        return true;
    }

    /** The time of the last acknowledgement after {@code nanos} by {@code broker}, or 0. */
    long lastAckBy(String broker, long nanos) {
        return acks.stream().filter(a -> a.nanos - nanos > 0 && broker.equals(a.broker)).mapToLong(Ack::nanos)
            .max().orElse(0L);
    }

    /** Acknowledgements by {@code broker} after {@code nanos}. */
    long acksBy(String broker, long nanos) {
        return acks.stream().filter(a -> broker.equals(a.broker) && a.nanos - nanos > 0).count();
    }

    /** Stops sending (the send in progress ends within its 3 s timeout) and shuts the producer down. */
    @Override
    public void close() throws InterruptedException {
        stop.set(true);
        for (Thread t : threads) {
            t.join(60_000);
        }
        producer.shutdown();
    }

    private static String storeHost(SendResult r) {
        try {
            InetSocketAddress a = (InetSocketAddress) MessageDecoder.decodeMessageId(r.getOffsetMsgId()).getAddress();
            return a.getAddress().getHostAddress() + ":" + a.getPort();
        } catch (Exception e) {
            return "?";
        }
    }
}
