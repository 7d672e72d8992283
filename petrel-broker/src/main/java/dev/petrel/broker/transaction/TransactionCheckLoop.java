package dev.petrel.broker.transaction;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.common.concurrent.PeriodicLoop;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.StoredRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The transaction check-back ({@code petrel-broker-transaction-check}): every {@code transactionCheckInterval} it
 * reads the new op records, then walks the undecided half messages from the front of the half queue and, for each
 * older than {@code transactionTimeOut} (or its {@code CHECK_IMMUNITY_TIME_IN_SECONDS}), sends CHECK_TRANSACTION_STATE
 * to a live producer of its group; one already checked {@code transactionCheckMax} times is copied to
 * {@code TRANS_CHECK_MAX_TIME_TOPIC} and marked decided. Progress is saved to {@code config/transactionCheck.json}.
 *
 * <p>Unlike Apache, undecided half messages are not re-put at the end of the half queue on every check: the queue
 * stays as written and the check counts live in the checkpoint, so an undecided message costs no CommitLog space per
 * check. Time comes from the injected clock, and an advance of a manual clock wakes the loop, so a test that moves
 * time past the interval sees the check at once. {@link #runOnce()} runs one scan on the caller's thread.
 */
public final class TransactionCheckLoop extends PeriodicLoop {

    private static final Logger LOG = LoggerFactory.getLogger(TransactionCheckLoop.class);
    static final String FILE_NAME = "transactionCheck.json";
    /** Records read per store call when walking a queue. */
    private static final int READ_BATCH = 32;
    private static final int READ_BYTES = 4 << 20;
    /** A scan stops after this many half messages, so one run stays short; the next run continues. */
    static final int MAX_PER_RUN = 10_000;

    /** Counters, read by the runtime info and tests. */
    public record Stats(long checksSent, long checksUnanswerable, long givenUp, long pending) {
    }

    private final Clock clock;
    private final MessageStore store;
    private final CheckBackSender sender;
    private final ConfigFile file;
    private final Host brokerHost;
    private final String brokerName;
    private final LongSupplier timeoutMillis;
    private final LongSupplier intervalMillis;
    private final LongSupplier checkMax;
    private final Runnable ensureCheckMaxTopic;
    private final HalfQueueState state;
    private final MessageRecordDecoder decoder = new MessageRecordDecoder(false, MessageRecordDecoder.DEFAULT_MAX_BODY_SIZE);
    private final AtomicLong checksSent = new AtomicLong();
    private final AtomicLong unanswerable = new AtomicLong();
    private final AtomicLong givenUp = new AtomicLong();
    private volatile long nextRunMillis;
    /** Check-backs run only while the broker is writable (a master or Raft leader): {@link #setActive}. */
    private volatile boolean active;

    TransactionCheckLoop(Clock clock, MessageStore store, CheckBackSender sender, ConfigFile file, Host brokerHost,
                         String brokerName, LongSupplier timeoutMillis, LongSupplier intervalMillis, LongSupplier checkMax,
                         Runnable ensureCheckMaxTopic) {
        super("petrel-broker-transaction-check", Math.max(10, Math.min(1_000, intervalMillis.getAsLong())));
        this.clock = clock;
        this.store = store;
        this.sender = sender;
        this.file = file;
        this.brokerHost = brokerHost;
        this.brokerName = brokerName;
        this.timeoutMillis = timeoutMillis;
        this.intervalMillis = intervalMillis;
        this.checkMax = checkMax;
        this.ensureCheckMaxTopic = ensureCheckMaxTopic;
        this.state = new HalfQueueState(file.load(CheckpointCodec::decode));
        this.nextRunMillis = clock.millis() + intervalMillis.getAsLong();
        clock.onAdvance(this::wake);
    }

    HalfQueueState state() {
        return state;
    }

    /**
     * Starts (true) or pauses (false) the periodic scans. A paused loop's thread parks through its ticks; when it
     * resumes (this broker became the master or leader) its first scan reads the op records written meanwhile by
     * the previous leader (replicated in the CommitLog), so decided half messages are not checked again.
     */
    public void setActive(boolean on) {
        active = on;
        if (on) {
            wake();
        }
    }

    @Override
    protected void tick() {
        if (active && clock.millis() - nextRunMillis >= 0) {
            runOnce();
        }
    }

    /** One scan now; the next periodic one follows an interval later. */
    public synchronized void runOnce() {
        long now = clock.millis();
        nextRunMillis = now + intervalMillis.getAsLong();
        try {
            readOps();
            state.advance(store.minOffsetInQueue(SystemTopics.TRANS_HALF, 0));
            walkHalfQueue(now);
            state.advance(store.minOffsetInQueue(SystemTopics.TRANS_HALF, 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            persist();
        }
    }

    public Stats stats() {
        return new Stats(checksSent.get(), unanswerable.get(), givenUp.get(),
            state.pending(store.maxOffsetInQueue(SystemTopics.TRANS_HALF, 0)));
    }

    /**
     * The counters for GET_BROKER_RUNTIME_INFO ({@code mqadmin brokerStatus}): check-backs sent, check-backs no
     * producer could take, half messages given up, and open half messages now.
     */
    public java.util.Map<String, String> runtimeInfo() {
        Stats s = stats();
        return java.util.Map.of("petrelTransactionChecksSent", Long.toString(s.checksSent()),
            "petrelTransactionChecksUnanswerable", Long.toString(s.checksUnanswerable()),
            "petrelTransactionGivenUp", Long.toString(s.givenUp()),
            "petrelTransactionHalfPending", Long.toString(s.pending()));
    }

    /** Writes the checkpoint (after each scan and at shutdown). */
    public synchronized void persist() {
        file.write(CheckpointCodec.encode(state.checkpoint()));
    }

    public void stop() throws InterruptedException {
        stopThread();
        persist();
    }

    /** Learns the decisions recorded since the last scan (also those made before a restart). */
    private void readOps() {
        long offset = Math.max(state.opOffset(), store.minOffsetInQueue(SystemTopics.TRANS_OP_HALF, 0));
        long max = store.maxOffsetInQueue(SystemTopics.TRANS_OP_HALF, 0);
        while (offset < max) {
            GetResult r = store.getMessage(SystemTopics.TRANS_OP_HALF, 0, offset, READ_BATCH, READ_BYTES, MessageFilter.ALL);
            try {
                for (StoredRecord rec : r.records()) {
                    DecodedMessage op = decoder.decode(ByteBuffer.wrap(rec.toByteArray()), 0);
                    for (long half : OpBodyCodec.decode(op.body())) {
                        state.markDone(half);
                    }
                }
            } finally {
                r.release();
            }
            if (r.nextBeginOffset() <= offset) {
                break;
            }
            offset = r.nextBeginOffset();
        }
        state.opOffset(offset);
    }

    private void walkHalfQueue(long now) throws InterruptedException {
        long max = store.maxOffsetInQueue(SystemTopics.TRANS_HALF, 0);
        long offset = state.halfOffset();
        int seen = 0;
        while (offset < max && seen < MAX_PER_RUN) {
            if (state.isDone(offset)) {
                offset++;
                continue;
            }
            GetResult r = store.getMessage(SystemTopics.TRANS_HALF, 0, offset, 1, READ_BYTES, MessageFilter.ALL);
            try {
                if (r.status() != GetStatus.FOUND || r.records().isEmpty()) {
                    if (r.nextBeginOffset() <= offset) {
                        return;
                    }
                    offset = r.nextBeginOffset();
                    continue;
                }
                StoredRecord rec = r.records().get(0);
                DecodedMessage half = decoder.decode(ByteBuffer.wrap(rec.toByteArray()), 0);
                if (!consider(half, offset, now)) {
                    return;
                }
            } finally {
                r.release();
            }
            seen++;
            offset++;
        }
    }

    /** Handles one undecided half message; false to stop the walk (this and later messages are too young). */
    private boolean consider(DecodedMessage half, long offset, long now) throws InterruptedException {
        if (state.checkTimes(offset) >= checkMax.getAsLong()) {
            giveUp(half, offset);
            return true;
        }
        long age = now - half.storeTimestamp();
        long immunity = immunityMillis(half);
        if (age < immunity) {
            // Without its own immunity a message's successors are younger still; with one, they may be due.
            return half.property(PropertyNames.CHECK_IMMUNITY_TIME_IN_SECONDS) != null;
        }
        String group = half.property(PropertyNames.PRODUCER_GROUP);
        String uniq = half.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        CheckTransactionStateRequestHeader header = new CheckTransactionStateRequestHeader(
            TransactionMessages.realTopic(half), offset, half.physicalOffset(), uniq, uniq,
            OffsetMessageId.encode(half.storeHost(), half.physicalOffset()), RpcFields.toBroker(brokerName));
        state.recordCheck(offset);
        String to = group == null ? null : sender.send(group, header, TransactionMessages.checkBody(half));
        if (to == null) {
            unanswerable.incrementAndGet();
            LOG.warn("half message {} (offset {}) of producer group {} is undecided and no producer of the group is "
                + "connected to ask; check {} of {}", uniq, offset, group, state.checkTimes(offset), checkMax.getAsLong());
        } else {
            checksSent.incrementAndGet();
            LOG.debug("asked producer {} of group {} about half message {} (offset {})", to, group, uniq, offset);
        }
        return true;
    }

    private long immunityMillis(DecodedMessage half) {
        long timeout = timeoutMillis.getAsLong();
        String text = half.property(PropertyNames.CHECK_IMMUNITY_TIME_IN_SECONDS);
        if (text == null) {
            return timeout;
        }
        try {
            return Math.max(timeout, Long.parseLong(text.trim()) * 1000);
        } catch (NumberFormatException e) {
            return timeout;
        }
    }

    private void giveUp(DecodedMessage half, long offset) {
        ensureCheckMaxTopic.run();
        MessageDraft copy = TransactionMessages.checkMaxed(half, brokerHost);
        // Both puts carry WAIT_STORE_MSG_OK=false: answered at the append, they never wait for a flush, a slave or a
        // quorum, so the joins do not hold up a stop.
        PutResult put = store.putMessage(copy).join();
        if (!put.isOk()) {
            LOG.warn("could not move half message at offset {} to {}: {}; retrying next scan", offset,
                SystemTopics.TRANS_CHECK_MAX_TIME, put);
            return;
        }
        PutResult op = store.putMessage(TransactionMessages.op(offset, brokerHost, clock.millis())).join();
        if (!op.isOk()) {
            LOG.warn("could not write the op record for half message at offset {}: {}", offset, op);
        }
        state.markDone(offset);
        givenUp.incrementAndGet();
        LOG.warn("half message {} of producer group {} was checked {} times without a decision; moved to {}",
            half.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX), half.property(PropertyNames.PRODUCER_GROUP),
            checkMax.getAsLong(), SystemTopics.TRANS_CHECK_MAX_TIME);
    }
}
