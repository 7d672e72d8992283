package dev.petrel.admin.command;

import dev.petrel.admin.cli.Report;
import dev.petrel.client.ReceivedMessage;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** One message as queryMsgById prints it ({@code %-20s %s} lines) and as JSON. */
final class MessageView {

    private MessageView() {
    }

    /** The detail lines; the body too when {@code charset} is given. */
    static void detail(Report r, ReceivedMessage m, Charset charset) {
        r.linef("%-20s %s", "OffsetID:", m.offsetMsgId());
        r.linef("%-20s %s", "Topic:", m.topic());
        r.linef("%-20s %s", "Tags:", "[" + (m.tags() == null ? "" : m.tags()) + "]");
        r.linef("%-20s %s", "Keys:", "[" + String.join(" ", m.keys()) + "]");
        r.linef("%-20s %d", "Queue ID:", m.queueId());
        r.linef("%-20s %d", "Queue Offset:", m.queueOffset());
        r.linef("%-20s %d", "CommitLog Offset:", m.commitLogOffset());
        r.linef("%-20s %d", "Reconsume Times:", m.reconsumeTimes());
        r.linef("%-20s %s", "Born Timestamp:", Formats.millis(m.bornTimestamp()));
        r.linef("%-20s %s", "Store Timestamp:", Formats.millis(m.storeTimestamp()));
        r.linef("%-20s %s", "Born Host:", m.bornHost());
        r.linef("%-20s %s", "Store Host:", m.storeHost());
        r.linef("%-20s %d", "System Flag:", m.sysFlag());
        r.linef("%-20s %s", "Properties:", m.properties());
        if (charset != null) {
            r.linef("%-20s %s", "Message Body:", new String(m.body(), charset));
        }
    }

    static Map<String, Object> json(ReceivedMessage m) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("msgId", m.msgId());
        j.put("offsetMsgId", m.offsetMsgId());
        j.put("topic", m.topic());
        j.put("tags", m.tags());
        j.put("keys", m.keys());
        j.put("brokerName", m.brokerName());
        j.put("queueId", m.queueId());
        j.put("queueOffset", m.queueOffset());
        j.put("commitLogOffset", m.commitLogOffset());
        j.put("reconsumeTimes", m.reconsumeTimes());
        j.put("bornTimestamp", m.bornTimestamp());
        j.put("storeTimestamp", m.storeTimestamp());
        j.put("bornHost", m.bornHost());
        j.put("storeHost", m.storeHost());
        j.put("sysFlag", m.sysFlag());
        j.put("storeSize", m.storeSize());
        j.put("bodyCRC", m.bodyCrc());
        j.put("properties", m.properties());
        j.put("body", new String(m.body(), StandardCharsets.UTF_8));
        return j;
    }

    /** printMsg's one-line form: {@code MSGID: <id> MessageExt [...] BODY: <text>}. */
    static String line(ReceivedMessage m, Charset charset, boolean printBody) {
        return "MSGID: " + m.msgId() + " MessageExt [brokerName=" + m.brokerName() + ", queueId=" + m.queueId()
            + ", storeSize=" + m.storeSize() + ", queueOffset=" + m.queueOffset() + ", sysFlag=" + m.sysFlag()
            + ", bornTimestamp=" + m.bornTimestamp() + ", bornHost=/" + m.bornHost() + ", storeTimestamp="
            + m.storeTimestamp() + ", storeHost=/" + m.storeHost() + ", msgId=" + m.offsetMsgId() + ", commitLogOffset="
            + m.commitLogOffset() + ", bodyCRC=" + m.bodyCrc() + ", reconsumeTimes=" + m.reconsumeTimes()
            + ", toString()=Message{topic='" + m.topic() + "', flag=" + m.flag() + ", properties=" + m.properties()
            + "}] BODY: " + (printBody ? new String(m.body(), charset) : "NOT PRINT BODY");
    }
}
