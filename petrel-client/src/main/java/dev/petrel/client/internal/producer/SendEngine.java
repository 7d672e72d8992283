package dev.petrel.client.internal.producer;

import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientException;
import dev.petrel.client.NetworkException;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs send attempts with RocketMQ's retry rules (flows.md §3): each attempt picks a queue (avoiding the previous
 * attempt's broker), sends to that broker's master, and records the latency for the fault table. Network failures
 * and the retryable broker codes try again while attempts and the time budget last; other broker codes fail at once.
 * Sync sends run on the caller's thread; async attempts continue on remoting callback threads.
 */
public final class SendEngine {

    private static final Logger LOG = LoggerFactory.getLogger(SendEngine.class);

    /** One send: what to send and how to build its request for a given queue. */
    public record Job(String topic, String msgId, Function<MessageQueue, RemotingCommand> request, boolean batch) {
    }

    private final ClientInstance instance;
    private final PublishTable publish;
    private final QueuePicker picker;
    private final Clock clock;
    private final boolean retryWhenNotStoreOk;
    private final Executor background;

    public SendEngine(ClientInstance instance, PublishTable publish, QueuePicker picker, Clock clock,
                      boolean retryWhenNotStoreOk, Executor background) {
        this.instance = instance;
        this.publish = publish;
        this.picker = picker;
        this.clock = clock;
        this.retryWhenNotStoreOk = retryWhenNotStoreOk;
        this.background = background;
    }

    /** A sync send with up to {@code attempts} attempts within {@code timeoutMillis}. */
    public SendResult send(Job job, int attempts, long timeoutMillis) {
        long start = clock.nanos();
        PublishQueues queues = publish.get(job.topic());
        String lastBroker = null;
        List<String> tried = new ArrayList<>();
        RuntimeException lastError = null;
        SendResult notStoredOk = null;
        for (int i = 0; i < attempts; i++) {
            long left = timeoutMillis - elapsedMillis(start);
            if (left <= 0) {
                break;
            }
            MessageQueue mq = picker.pick(queues, lastBroker, i > 0);
            lastBroker = mq.brokerName();
            tried.add(mq.brokerName());
            long begin = clock.nanos();
            try {
                SendResult result = attempt(job, mq, left);
                picker.record(mq.brokerName(), elapsedMillis(begin), false, true);
                if (result.status() != SendStatus.SEND_OK && retryWhenNotStoreOk) {
                    notStoredOk = result;
                    continue;
                }
                return result;
            } catch (NetworkException e) {
                picker.record(mq.brokerName(), elapsedMillis(begin), true, true);
                lastError = e;
            } catch (BrokerException e) {
                picker.record(mq.brokerName(), elapsedMillis(begin), true, false);
                lastError = e;
                if (!SendResponseReader.isRetryable(e.responseCode())) {
                    throw e;
                }
            }
            LOG.debug("send of {} to {} failed, attempt {} of {}: {}", job.msgId(), mq, i + 1, attempts, lastError.getMessage());
            queues = refreshAfterFailure(job.topic(), queues);
        }
        if (notStoredOk != null) {
            return notStoredOk;
        }
        throw failure(job, tried, attempts, timeoutMillis, start, lastError);
    }

    /** An async send; the future completes on a remoting callback thread. */
    public CompletableFuture<SendResult> sendAsync(Job job, int attempts, long timeoutMillis) {
        long start = clock.nanos();
        CompletableFuture<SendResult> result = new CompletableFuture<>();
        background.execute(() -> {
            try {
                PublishQueues queues = publish.get(job.topic());
                attemptAsync(job, queues, attempts, timeoutMillis, start, 0, null, new ArrayList<>(), null, result);
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    private void attemptAsync(Job job, PublishQueues queues, int attempts, long timeoutMillis, long start, int i,
                              String lastBroker, List<String> tried, RuntimeException lastError,
                              CompletableFuture<SendResult> result) {
        long left = timeoutMillis - elapsedMillis(start);
        if (i >= attempts || left <= 0) {
            result.completeExceptionally(failure(job, tried, attempts, timeoutMillis, start, lastError));
            return;
        }
        MessageQueue mq = picker.pick(queues, lastBroker, i > 0);
        tried.add(mq.brokerName());
        long begin = clock.nanos();
        String address;
        try {
            address = masterAddress(job.topic(), mq);
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        RemotingCommand request = job.request().apply(mq);
        instance.remote().callAsync(address, request, left, "send to " + mq).whenComplete((response, error) -> {
            RuntimeException failure;
            if (error == null) {
                try {
                    SendResult r = SendResponseReader.read(response, mq, job.msgId(), address);
                    picker.record(mq.brokerName(), elapsedMillis(begin), false, true);
                    result.complete(r);
                    return;
                } catch (BrokerException e) {
                    picker.record(mq.brokerName(), elapsedMillis(begin), true, false);
                    if (!SendResponseReader.isRetryable(e.responseCode())) {
                        result.completeExceptionally(e);
                        return;
                    }
                    failure = e;
                }
            } else {
                picker.record(mq.brokerName(), elapsedMillis(begin), true, true);
                failure = error instanceof RuntimeException re ? re : new ClientException(error.toString(), error);
            }
            RuntimeException last = failure;
            background.execute(() -> {
                PublishQueues fresh = refreshAfterFailure(job.topic(), queues);
                attemptAsync(job, fresh, attempts, timeoutMillis, start, i + 1, mq.brokerName(), tried, last, result);
            });
        });
    }

    /** One attempt to a chosen queue, no retry (selector and explicit-queue sends). */
    public SendResult sendTo(Job job, MessageQueue mq, long timeoutMillis) {
        long begin = clock.nanos();
        try {
            SendResult r = attempt(job, mq, timeoutMillis);
            picker.record(mq.brokerName(), elapsedMillis(begin), false, true);
            return r;
        } catch (NetworkException e) {
            picker.record(mq.brokerName(), elapsedMillis(begin), true, true);
            throw e;
        } catch (BrokerException e) {
            picker.record(mq.brokerName(), elapsedMillis(begin), true, false);
            throw e;
        }
    }

    /** One async attempt to a chosen queue. */
    public CompletableFuture<SendResult> sendToAsync(Job job, MessageQueue mq, long timeoutMillis) {
        String address = masterAddress(job.topic(), mq);
        return instance.remote().callAsync(address, job.request().apply(mq), timeoutMillis, "send to " + mq)
            .thenApply(response -> SendResponseReader.read(response, mq, job.msgId(), address));
    }

    /** Oneway: one attempt, no answer, no retry. */
    public void sendOneway(Job job, long timeoutMillis) {
        MessageQueue mq = picker.pick(publish.get(job.topic()), null, false);
        instance.remote().oneway(masterAddress(job.topic(), mq), job.request().apply(mq).asOneway(), timeoutMillis,
            "oneway send to " + mq);
    }

    private SendResult attempt(Job job, MessageQueue mq, long timeoutMillis) {
        String address = masterAddress(job.topic(), mq);
        RemotingCommand response = instance.remote().call(address, job.request().apply(mq), timeoutMillis,
            "send to " + mq);
        return SendResponseReader.read(response, mq, job.msgId(), address);
    }

    private String masterAddress(String topic, MessageQueue mq) {
        String address = instance.routes().masterAddress(mq.brokerName());
        if (address == null) {
            publish.refresh(topic);
            address = instance.routes().masterAddress(mq.brokerName());
        }
        if (address == null) {
            throw new ClientException("broker " + mq.brokerName() + " of topic " + topic + " has no master in the route "
                + "from NameServers " + instance.nameServerAddresses() + "; is the master down?");
        }
        return address;
    }

    private PublishQueues refreshAfterFailure(String topic, PublishQueues current) {
        try {
            publish.refresh(topic);
            return publish.get(topic);
        } catch (ClientException e) {
            return current;
        }
    }

    private RuntimeException failure(Job job, List<String> tried, int attempts, long timeoutMillis, long start,
                                     RuntimeException last) {
        long spent = elapsedMillis(start);
        if (last instanceof BrokerException) {
            return last;
        }
        String text = "send of " + (job.batch() ? "batch " : "message ") + job.msgId() + " to topic " + job.topic()
            + " failed after " + tried.size() + " of " + attempts + " attempts in " + spent + " ms (brokers " + tried
            + ", sendMsgTimeout " + timeoutMillis + " ms)";
        if (last == null) {
            return new NetworkException(null, true, text + ": the time budget ran out; raise sendMsgTimeout or check "
                + "the brokers' load", null);
        }
        if (last instanceof NetworkException n) {
            return new NetworkException(n.address(), n.isTimeout(), text + "; last error: " + last.getMessage(), last);
        }
        return new ClientException(text + "; last error: " + last.getMessage(), last);
    }

    private long elapsedMillis(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(clock.nanos() - startNanos);
    }
}
