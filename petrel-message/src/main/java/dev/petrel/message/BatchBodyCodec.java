package dev.petrel.message;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of a client batch send (message-format.md §4.2): the inner messages back to back, each as
 *
 * <pre>
 *  0          4          8          12         16         20       20+n       22+n
 *  +----------+----------+----------+----------+----------+---------+----------+----------+
 *  |TOTALSIZE |MAGIC (0) |BODYCRC(0)|  FLAG    | BODY len | BODY n  | PROP len | PROPS p  |
 *  +----------+----------+----------+----------+----------+---------+--short---+----------+
 *  TOTALSIZE = 22 + n + p
 * </pre>
 *
 * Magic and CRC are ignored on decode (the broker recomputes the CRC per record).
 */
public final class BatchBodyCodec {

    public static final int TOTAL_SIZE = 0;
    public static final int MAGIC = 4;
    public static final int BODY_CRC = 8;
    public static final int FLAG = 12;
    public static final int BODY_LENGTH = 16;
    public static final int BODY = 20;
    /** Fixed bytes of one entry. */
    public static final int OVERHEAD = 22;

    /** One inner message of a batch. */
    public record Entry(int flag, byte[] body, String properties) {
    }

    private BatchBodyCodec() {
    }

    public static byte[] encode(List<Entry> entries) {
        int size = 0;
        List<byte[]> props = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            byte[] p = (e.properties() == null ? "" : e.properties()).getBytes(StandardCharsets.UTF_8);
            if (p.length > Short.MAX_VALUE) {
                throw new IllegalArgumentException("properties of a batch entry exceed 32767 bytes");
            }
            props.add(p);
            size += OVERHEAD + e.body().length + p.length;
        }
        ByteBuffer b = ByteBuffer.allocate(size);
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            byte[] p = props.get(i);
            b.putInt(OVERHEAD + e.body().length + p.length).putInt(0).putInt(0).putInt(e.flag());
            b.putInt(e.body().length).put(e.body()).putShort((short) p.length).put(p);
        }
        return b.array();
    }

    /** Splits a batch body; throws {@link MessageFormatException} on any inconsistent length. */
    public static List<Entry> decode(ByteBuffer body) {
        List<Entry> out = new ArrayList<>();
        int at = body.position();
        int limit = body.limit();
        while (at < limit) {
            if (limit - at < OVERHEAD) {
                throw new MessageFormatException("batch entry at " + (at - body.position()) + " is truncated: "
                    + (limit - at) + " bytes left, an entry needs at least " + OVERHEAD);
            }
            int total = body.getInt(at + TOTAL_SIZE);
            int bodyLength = body.getInt(at + BODY_LENGTH);
            if (total < OVERHEAD || total > limit - at || bodyLength < 0 || bodyLength > total - OVERHEAD) {
                throw new MessageFormatException("batch entry at " + (at - body.position()) + " has TOTALSIZE " + total
                    + " and body length " + bodyLength + " with " + (limit - at) + " bytes left");
            }
            int propsLength = body.getShort(at + BODY + bodyLength);
            if (propsLength < 0 || OVERHEAD + bodyLength + propsLength != total) {
                throw new MessageFormatException("batch entry at " + (at - body.position()) + ": TOTALSIZE " + total
                    + " != 22 + body " + bodyLength + " + properties " + propsLength);
            }
            byte[] b = new byte[bodyLength];
            body.get(at + BODY, b);
            byte[] p = new byte[propsLength];
            body.get(at + BODY + bodyLength + 2, p);
            out.add(new Entry(body.getInt(at + FLAG), b, new String(p, StandardCharsets.UTF_8)));
            at += total;
        }
        return out;
    }
}
