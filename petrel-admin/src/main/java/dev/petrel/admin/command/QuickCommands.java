package dev.petrel.admin.command;

import dev.petrel.admin.cli.Command;
import dev.petrel.admin.cli.Flag;
import dev.petrel.admin.cli.Invocation;
import dev.petrel.admin.cli.ParsedArgs;
import dev.petrel.admin.cli.Report;
import dev.petrel.admin.cli.UsageException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.SendResult;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code petrel send} and {@code petrel consume}: one-line first tries. {@code send} prints where the message went;
 * {@code consume} joins a consumer group (from the first message, for a new group), prints each message as it arrives,
 * and commits offsets as a consumer does.
 */
public final class QuickCommands {

    /** The group {@code petrel consume} joins without {@code -g}. */
    public static final String DEFAULT_GROUP = "petrel_cli_consumer";

    private static final Flag TOPIC = Flag.value("t", "topic", "TOPIC", "topic name").mandatory();

    private QuickCommands() {
    }

    public static Command send() {
        return new Command("send", "send one message; the words after the flags are its body",
            List.of(TOPIC, Flag.value("k", "key", "KEY", "message key"), Flag.value(null, "tag", "TAG", "message tag")),
            true, "petrel send -n 127.0.0.1:9876 -t TopicTest -k order-1 --tag TagA hello world", QuickCommands::runSend);
    }

    public static Command consume() {
        return Command.of("consume", "consume a topic as a group member and print every message",
            "petrel consume -n 127.0.0.1:9876 -t TopicTest --count 10", QuickCommands::runConsume, TOPIC,
            Flag.value("g", "group", "GROUP", "consumer group (default " + DEFAULT_GROUP + ")"),
            Flag.value(null, "count", "N", "stop after N messages (default: run until interrupted)"),
            Flag.value(null, "tag", "TAGS", "tag expression (default *)"));
    }

    static Report runSend(Invocation in) {
        ParsedArgs a = in.args();
        if (a.arguments().isEmpty()) {
            throw new UsageException("no message body: put it after the flags (petrel send -n ADDR -t TOPIC hello)");
        }
        String body = String.join(" ", a.arguments());
        SendResult sent = MessageCommands.producer(in).send(MessageCommands.message(a.required("topic"), body,
            a.string("key"), a.string("tag")));
        return new Report()
            .linef("%s msgId=%s broker=%s queue=%d offset=%d", sent.status(), sent.msgId(), sent.queue().brokerName(),
                sent.queue().queueId(), sent.queueOffset())
            .put("sendStatus", sent.status()).put("msgId", sent.msgId()).put("offsetMsgId", sent.offsetMsgId())
            .put("brokerName", sent.queue().brokerName()).put("queueId", sent.queue().queueId())
            .put("queueOffset", sent.queueOffset());
    }

    static Report runConsume(Invocation in) {
        ParsedArgs a = in.args();
        String topic = a.required("topic");
        long count = a.longValue("count", Long.MAX_VALUE, 1, Long.MAX_VALUE);
        BlockingQueue<ReceivedMessage> arrived = new LinkedBlockingQueue<>();
        PetrelPushConsumer consumer = in.open(in.client(PetrelPushConsumer.builder())
            .group(a.string("group", DEFAULT_GROUP))
            .subscribe(topic, a.string("tag", "*")).startFrom(StartPosition.FIRST_OFFSET)
            .listener((messages, context) -> {
                arrived.addAll(messages);
                return ConsumeResult.SUCCESS;
            }).build());
        // Ctrl-C: leave the group cleanly, committing what was consumed (else the next run sees it again)
        Thread leave = new Thread(consumer::close, "petrel-consume-shutdown");
        Runtime.getRuntime().addShutdownHook(leave);
        long printed = 0;
        try {
            while (printed < count) {
                ReceivedMessage m = arrived.poll(1, TimeUnit.SECONDS);
                if (m == null) {
                    continue;
                }
                printed++;
                if (in.json()) {
                    in.out().println(dev.petrel.common.json.JsonCodec.standard().encodeToString(MessageView.json(m)));
                } else {
                    in.out().printf("%s/%d offset=%d msgId=%s keys=%s tags=%s body=%s%n", m.brokerName(), m.queueId(),
                        m.queueOffset(), m.msgId(), m.keys(), m.tags() == null ? "" : m.tags(), m.bodyAsString());
                }
                in.out().flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(leave);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it closes the consumer
            }
        }
        return null;
    }

}
