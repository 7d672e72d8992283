package dev.petrel.broker.transaction;

import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.broker.send.PutStage;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.Host;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.MessageStore;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * The transaction parts of a broker, built together because they share the half queue's state: the put stage that
 * stores half messages, the END_TRANSACTION processor and the check-back loop. {@link #start()} after the store has
 * recovered; {@link #stop()} before it shuts down.
 */
public final class Transactions {

    private final HalfMessageStage stage;
    private final EndTransactionProcessor endProcessor;
    private final TransactionCheckLoop checks;
    private final TransactionOutcomes outcomes = new TransactionOutcomes();

    /**
     * @param configDir          where {@code transactionCheck.json} lives
     * @param rejectTransactions reads {@code rejectTransactionMessage} (dynamic)
     * @param ensureCheckMaxTopic creates TRANS_CHECK_MAX_TIME_TOPIC (1 queue) if absent, before a message goes there
     */
    public Transactions(Config config, Clock clock, MessageStore store, ProducerRegistry producers, Path configDir,
                        Host brokerHost, String brokerIp, String brokerName, BooleanSupplier rejectTransactions,
                        Runnable ensureCheckMaxTopic) {
        this.stage = new HalfMessageStage(rejectTransactions, brokerIp);
        this.checks = new TransactionCheckLoop(clock, store, new CheckBackSender(producers),
            new ConfigFile(configDir.resolve(TransactionCheckLoop.FILE_NAME)), brokerHost, brokerName,
            () -> config.get(TransactionConfig.TRANSACTION_TIME_OUT),
            () -> config.get(TransactionConfig.TRANSACTION_CHECK_INTERVAL),
            () -> config.get(TransactionConfig.TRANSACTION_CHECK_MAX), ensureCheckMaxTopic);
        this.endProcessor = new EndTransactionProcessor(clock, store, checks.state(), brokerHost, outcomes);
    }

    /** Commits, rollbacks and decision times per topic (the metrics). */
    public TransactionOutcomes outcomes() {
        return outcomes;
    }

    public PutStage stage() {
        return stage;
    }

    public RequestProcessor endProcessor() {
        return endProcessor;
    }

    public TransactionCheckLoop checks() {
        return checks;
    }

    private boolean threadStarted;

    /** Starts (or resumes) the check-backs: the broker is writable. */
    public synchronized void start() {
        if (!threadStarted) {
            checks.start();
            threadStarted = true;
        }
        checks.setActive(true);
    }

    /** Pauses the check-backs (the broker is no longer writable) and writes their checkpoint; {@link #start} resumes. */
    public synchronized void pause() {
        checks.setActive(false);
        checks.persist();
    }

    /** Stops the check-back thread for good (broker shutdown). */
    public void stop() throws InterruptedException {
        checks.setActive(false);
        checks.stop();
    }
}
