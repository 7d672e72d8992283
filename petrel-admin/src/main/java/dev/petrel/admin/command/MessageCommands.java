package dev.petrel.admin.command;

import dev.petrel.admin.cli.Command;
import dev.petrel.admin.cli.Flag;
import dev.petrel.admin.cli.Invocation;
import dev.petrel.admin.cli.ParsedArgs;
import dev.petrel.admin.cli.Report;
import dev.petrel.admin.cli.Table;
import dev.petrel.admin.cli.UsageException;
import dev.petrel.client.ClientException;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.protocol.body.MessageQueue;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Message commands: queryMsgById, queryMsgByKey, queryMsgByOffset, printMsg, sendMessage, consumeMessage
 * (operations.md §2.5).
 */
public final class MessageCommands {

    /** The group mqadmin's reading commands pull with; they never commit offsets. */
    static final String TOOLS_CONSUMER = "TOOLS_CONSUMER";

    private static final Flag TOPIC = Flag.value("t", "topic", "TOPIC", "topic name").mandatory();

    private MessageCommands() {
    }

    public static List<Command> all() {
        return List.of(
            Command.of("queryMsgById", "find messages by id (the broker's offset id or the producer's unique key)",
                "petrel admin queryMsgById -n 127.0.0.1:9876 -t Orders -i 7F00000100002A9F0000000000000000",
                MessageCommands::queryMsgById, TOPIC,
                Flag.value("i", "msgId", "ID[,ID]", "message id(s)").mandatory(),
                Flag.value("f", "bodyFormat", "CHARSET", "also print the body in this charset (e.g. UTF-8)"),
                Flag.value("c", "cluster", "CLUSTER", "accepted for mqadmin compatibility")),
            Command.of("queryMsgByKey", "find messages by business key (the broker's index)",
                "petrel admin queryMsgByKey -n 127.0.0.1:9876 -t Orders -k order-42",
                MessageCommands::queryMsgByKey, TOPIC, Flag.value("k", "msgKey", "KEY", "the key").mandatory(),
                Flag.value("b", "beginTimestamp", "MILLIS", "stored at or after (default 0)"),
                Flag.value("e", "endTimestamp", "MILLIS", "stored at or before (default: no limit)"),
                Flag.value("m", "maxNum", "N", "at most N messages per broker (default 64)"),
                Flag.value("c", "cluster", "CLUSTER", "accepted for mqadmin compatibility")),
            Command.of("queryMsgByOffset", "the message at one offset of one queue",
                "petrel admin queryMsgByOffset -n 127.0.0.1:9876 -t Orders -b broker-a -i 0 -o 42",
                MessageCommands::queryMsgByOffset, TOPIC,
                Flag.value("b", "brokerName", "BROKER", "broker name").mandatory(),
                Flag.value("i", "queueId", "QID", "queue id").mandatory(),
                Flag.value("o", "offset", "OFFSET", "queue offset").mandatory(),
                Flag.value("f", "bodyFormat", "CHARSET", "also print the body in this charset")),
            Command.of("printMsg", "print every message of a topic (optionally between two times)",
                "petrel admin printMsg -n 127.0.0.1:9876 -t Orders",
                MessageCommands::printMsg, TOPIC,
                Flag.value("c", "charsetName", "CHARSET", "body charset (default UTF-8)"),
                Flag.value("s", "subExpression", "TAGS", "tag expression (default *)"),
                Flag.value("b", "beginTimestamp", "TIME", "from (millis or yyyy-MM-dd#HH:mm:ss:SSS)"),
                Flag.value("e", "endTimestamp", "TIME", "to (millis or yyyy-MM-dd#HH:mm:ss:SSS)"),
                Flag.value("d", "printBody", "true|false", "print bodies (default true)")),
            Command.of("sendMessage", "send one message and print where it went",
                "petrel admin sendMessage -n 127.0.0.1:9876 -t Orders -p 'hello' -k order-42 -c TagA",
                MessageCommands::sendMessage, TOPIC, Flag.value("p", "body", "TEXT", "message body (UTF-8)").mandatory(),
                Flag.value("k", "key", "KEY", "message key"), Flag.value("c", "tags", "TAG", "message tag"),
                Flag.value("b", "broker", "BROKER", "broker name to send to"),
                Flag.value("i", "qid", "QID", "queue id (with -b)"),
                Flag.value("m", "msgTraceEnable", "true|false", "message trace (not supported; false only)")),
            Command.of("consumeMessage", "pull messages and print them, without committing offsets",
                "petrel admin consumeMessage -n 127.0.0.1:9876 -t Orders -c 10",
                MessageCommands::consumeMessage, TOPIC,
                Flag.value("b", "brokerName", "BROKER", "only this broker"),
                Flag.value("i", "queueId", "QID", "only this queue (with -b)"),
                Flag.value("o", "offset", "OFFSET", "from this offset (with -i)"),
                Flag.value("g", "consumerGroup", "GROUP", "group to pull as (default TOOLS_CONSUMER)"),
                Flag.value("s", "beginTimestamp", "TIME", "from (millis or yyyy-MM-dd#HH:mm:ss:SSS)"),
                Flag.value("e", "endTimestamp", "TIME", "to (millis or yyyy-MM-dd#HH:mm:ss:SSS)"),
                Flag.value("c", "MessageNumber", "N", "at most N messages (default 128)")));
    }

    static Charset charset(String flag, String name) {
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new UsageException("flag " + flag + ": unknown charset '" + name + "' (example: UTF-8)");
        }
    }

    static Report queryMsgById(Invocation in) {
        String topic = in.args().required("topic");
        Charset cs = in.args().has("bodyFormat") ? charset("-f/--bodyFormat", in.args().required("bodyFormat")) : null;
        Report r = new Report();
        List<Map<String, Object>> json = new ArrayList<>();
        for (String raw : in.args().required("msgId").split(",")) {
            String id = raw.trim();
            if (id.isEmpty()) {
                continue;
            }
            ReceivedMessage m = in.admin().admin().viewMessage(topic, id);
            MessageView.detail(r, m, cs);
            Map<String, Object> j = MessageView.json(m);
            j.put("tracks", tracks(in, r, m));
            json.add(j);
        }
        return r.put("messages", json);
    }

    /** Per group consuming the topic: CONSUMED when its offset of the message's queue is past the message. */
    private static List<Map<String, Object>> tracks(Invocation in, Report r, ReceivedMessage m) {
        List<Map<String, Object>> out = new ArrayList<>();
        Map<String, String> tracks = in.admin().messageTracks(m);
        r.line("").line("");
        if (tracks.isEmpty()) {
            r.line("WARN: No Consumer");
            return out;
        }
        tracks.forEach((g, type) -> {
            r.linef("MessageTrack [consumerGroup=%s, trackType=%s, exceptionDesc=null]", g, type);
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("consumerGroup", g);
            t.put("trackType", type);
            out.add(t);
        });
        return out;
    }

    static Report queryMsgByKey(Invocation in) {
        ParsedArgs a = in.args();
        String topic = a.required("topic");
        String key = a.required("msgKey");
        long begin = a.longValue("beginTimestamp", 0, 0, Long.MAX_VALUE);
        long end = a.longValue("endTimestamp", Long.MAX_VALUE, 0, Long.MAX_VALUE);
        int max = a.integer("maxNum", 64, 1, 10_000);
        List<ReceivedMessage> found = in.admin().admin().queryMessageByKey(topic, key, max, begin, end);
        Table t = new Table("%-50s %4s %40s", "%-50s %4d %40d", "#Message ID", "msgId", "#QID", "queueId", "#Offset",
            "queueOffset");
        for (ReceivedMessage m : found) {
            t.row(m.msgId(), m.queueId(), m.queueOffset());
        }
        return new Report().put("topic", topic).put("key", key).table("messages", t);
    }

    private static PetrelPullConsumer pullConsumer(Invocation in, String group) {
        return in.open(in.client(PetrelPullConsumer.builder()).group(group).build());
    }

    static Report queryMsgByOffset(Invocation in) {
        ParsedArgs a = in.args();
        String topic = a.required("topic");
        MessageQueue q = new MessageQueue(topic, a.required("brokerName"), a.integer("queueId", 0, 0, 65_535));
        long offset = a.longValue("offset", 0, 0, Long.MAX_VALUE);
        Charset cs = a.has("bodyFormat") ? charset("-f/--bodyFormat", a.required("bodyFormat")) : null;
        PullResult result = pullConsumer(in, TOOLS_CONSUMER).pull(q, "*", offset, 1);
        if (result.status() != PullStatus.FOUND || result.messages().isEmpty()) {
            throw new ClientException("no message at offset " + offset + " of " + q + " (pull status " + result.status()
                + ", queue offsets " + result.minOffset() + ".." + result.maxOffset() + ")");
        }
        ReceivedMessage m = result.messages().get(0);
        Report r = new Report();
        MessageView.detail(r, m, cs);
        return r.put("message", MessageView.json(m));
    }

    static Report printMsg(Invocation in) {
        ParsedArgs a = in.args();
        String topic = a.required("topic");
        Charset cs = charset("-c/--charsetName", a.string("charsetName", "UTF-8"));
        String tags = a.string("subExpression", "*");
        boolean printBody = a.bool("printBody", true);
        Long begin = a.has("beginTimestamp") ? GroupCommands.parseTime("-b/--beginTimestamp", a.required("beginTimestamp")) : null;
        Long end = a.has("endTimestamp") ? GroupCommands.parseTime("-e/--endTimestamp", a.required("endTimestamp")) : null;
        PetrelPullConsumer consumer = pullConsumer(in, TOOLS_CONSUMER);
        Report r = new Report();
        List<Map<String, Object>> queues = new ArrayList<>();
        for (MessageQueue q : new TreeSet<>(consumer.fetchSubscribeQueues(topic))) {
            long min = consumer.minOffset(q);
            long max = consumer.maxOffset(q);
            long from = begin == null ? min : consumer.searchOffset(q, Instant.ofEpochMilli(begin));
            long to = end == null ? max : consumer.searchOffset(q, Instant.ofEpochMilli(end));
            r.linef("minOffset=%s, maxOffset=%s, %s", min, max, mqText(q));
            List<Map<String, Object>> messages = new ArrayList<>();
            long offset = from;
            while (offset < to) {
                PullResult p = consumer.pull(q, tags, offset, 32);
                if (p.status() == PullStatus.FOUND) {
                    for (ReceivedMessage m : p.messages()) {
                        r.line(MessageView.line(m, cs, printBody));
                        messages.add(MessageView.json(m));
                    }
                } else if (p.status() == PullStatus.NO_MATCHED_MSG) {
                    r.linef("%s no matched msg. status=%s, offset=%s", mqText(q), p.status(), offset);
                } else {
                    r.linef("%s print msg finished. status=%s, offset=%s", mqText(q), p.status(), offset);
                    break;
                }
                if (p.nextBeginOffset() <= offset) {
                    break;
                }
                offset = p.nextBeginOffset();
            }
            r.line("-".repeat(56));
            Map<String, Object> qj = new LinkedHashMap<>();
            qj.put("brokerName", q.brokerName());
            qj.put("queueId", q.queueId());
            qj.put("minOffset", min);
            qj.put("maxOffset", max);
            qj.put("messages", messages);
            queues.add(qj);
        }
        return r.put("topic", topic).put("queues", queues);
    }

    private static String mqText(MessageQueue q) {
        return "MessageQueue [topic=" + q.topic() + ", brokerName=" + q.brokerName() + ", queueId=" + q.queueId() + "]";
    }

    static PetrelProducer producer(Invocation in) {
        return in.open(in.client(PetrelProducer.builder())
            .group("petrel-admin-" + System.currentTimeMillis()).sendTimeout(Invocation.CALL_TIMEOUT).build());
    }

    static Message message(String topic, String body, String key, String tag) {
        Message.Builder b = Message.builder(topic).body(body.getBytes(StandardCharsets.UTF_8));
        if (key != null && !key.isEmpty()) {
            b.keys(key);
        }
        if (tag != null && !tag.isEmpty()) {
            b.tags(tag);
        }
        return b.build();
    }

    static Report sendMessage(Invocation in) {
        ParsedArgs a = in.args();
        String topic = a.required("topic");
        if (a.bool("msgTraceEnable", false)) {
            throw new UsageException("-m/--msgTraceEnable true: message traces are not supported by petrel admin");
        }
        if (a.has("qid") && !a.has("broker")) {
            throw new UsageException("-i/--qid needs -b/--broker (the broker name)");
        }
        Message m = message(topic, a.string("body"), a.string("key"), a.string("tags"));
        PetrelProducer producer = producer(in);
        SendResult sent = a.has("broker")
            ? producer.send(m, new MessageQueue(topic, a.required("broker"), a.integer("qid", 0, 0, 65_535)))
            : producer.send(m);
        Table t = new Table("%-32s  %-4s  %-20s    %s", "%-32s  %-4s  %-20s    %s", "#Broker Name", "brokerName",
            "#QID", "queueId", "#Send Result", "sendStatus", "#MsgId", "msgId");
        t.row(sent.queue().brokerName(), sent.queue().queueId(), sent.status().name(), sent.msgId());
        return new Report().table("results", t).put("offsetMsgId", sent.offsetMsgId()).put("queueOffset", sent.queueOffset());
    }

    static Report consumeMessage(Invocation in) {
        ParsedArgs a = in.args();
        String topic = a.required("topic");
        if (a.has("queueId") && !a.has("brokerName")) {
            throw new UsageException("-i/--queueId needs -b/--brokerName");
        }
        if (a.has("offset") && !a.has("queueId")) {
            throw new UsageException("-o/--offset needs -i/--queueId (and -b/--brokerName)");
        }
        int count = a.integer("MessageNumber", 128, 1, 1_000_000);
        long now = System.currentTimeMillis();
        Long begin = a.has("beginTimestamp") ? GroupCommands.parseTime("-s/--beginTimestamp", a.required("beginTimestamp")) : null;
        Long end = a.has("endTimestamp") ? GroupCommands.parseTime("-e/--endTimestamp", a.required("endTimestamp")) : null;
        if ((begin != null && begin > now) || (end != null && end > now)) {
            throw new UsageException("-s and -e must not be in the future");
        }
        PetrelPullConsumer consumer = pullConsumer(in, a.string("consumerGroup", TOOLS_CONSUMER));
        List<MessageQueue> queues = new ArrayList<>();
        for (MessageQueue q : new TreeSet<>(consumer.fetchSubscribeQueues(topic))) {
            if (a.has("brokerName") && !q.brokerName().equals(a.string("brokerName"))) {
                continue;
            }
            if (a.has("queueId") && q.queueId() != a.integer("queueId", 0, 0, 65_535)) {
                continue;
            }
            queues.add(q);
        }
        if (queues.isEmpty()) {
            throw new ClientException("topic " + topic + " has no readable queue matching -b/-i");
        }
        Report r = new Report().line("Consume ok");
        List<Map<String, Object>> messages = new ArrayList<>();
        for (MessageQueue q : queues) {
            long max = end == null ? consumer.maxOffset(q) : consumer.searchOffset(q, Instant.ofEpochMilli(end));
            long offset;
            if (a.has("offset")) {
                offset = a.longValue("offset", 0, 0, Long.MAX_VALUE);
            } else if (begin != null) {
                offset = consumer.searchOffset(q, Instant.ofEpochMilli(begin));
            } else {
                offset = Math.max(consumer.minOffset(q), max - (count - messages.size()));
            }
            while (offset < max && messages.size() < count) {
                PullResult p = consumer.pull(q, "*", offset, Math.min(32, count - messages.size()));
                if (p.status() == PullStatus.FOUND) {
                    for (ReceivedMessage m : p.messages()) {
                        if (messages.size() < count) {
                            r.line(MessageView.line(m, StandardCharsets.UTF_8, true));
                            messages.add(MessageView.json(m));
                        }
                    }
                } else if (p.status() != PullStatus.NO_MATCHED_MSG) {
                    break;
                }
                if (p.nextBeginOffset() <= offset) {
                    break;
                }
                offset = p.nextBeginOffset();
            }
        }
        return r.put("topic", topic).put("messages", messages);
    }
}
