package dev.petrel.server.bench;

import dev.petrel.common.time.Clock;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.OffsetMessageId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code --store-host-log}: a line {@code <epoch millis> <host:port>} each time an acknowledged send was stored by
 * another broker than the acknowledged send before it (the store host of its offset message id), the first
 * acknowledgement of the run included. With one broker name (a master and its slaves, or a Raft group) that is when a
 * new master or leader first acknowledged a send: {@code bench/ha.sh} takes the fail-over time from it (kill time to
 * the first line naming another broker). The time is taken when the answer arrived; both ends read the same wall
 * clock when the script runs on one machine.
 *
 * <p>Threading: any sending or callback thread calls {@link #acknowledged}; the common case (same broker as before)
 * compares the id's host part with the last one without locking or allocating; a change is written under the
 * monitor, re-checked there, and the file is appended and closed at once so a script reading it sees the line.
 */
final class StoreHostLog {

    /** The offset message id ends with the CommitLog offset: 8 bytes, 16 hex characters; the rest is the host. */
    private static final int OFFSET_HEX = 16;

    private final Path file;
    private final Clock clock;
    /** The host part (hex) of the last acknowledged send's offset message id; null before the first. */
    private volatile String lastHost;

    StoreHostLog(Path file, Clock clock) {
        this.file = file;
        this.clock = clock;
    }

    /**
     * An acknowledged send's offset message id (a batch's: comma-separated, the first one counts).
     *
     * @throws UncheckedIOException when the line cannot be appended (the run then fails: its point is this file)
     */
    void acknowledged(String offsetMsgId) {
        if (offsetMsgId == null) {
            return;
        }
        int end = offsetMsgId.indexOf(',');
        end = end < 0 ? offsetMsgId.length() : end;
        int hostLength = end - OFFSET_HEX;
        if (hostLength <= 0 || same(lastHost, offsetMsgId, hostLength)) {
            return;
        }
        long now = clock.millis();
        synchronized (this) {
            if (same(lastHost, offsetMsgId, hostLength)) {
                return; // another thread wrote this change meanwhile
            }
            String id = offsetMsgId.substring(0, end);
            String host;
            try {
                host = OffsetMessageId.decode(id).storeHost().toString();
            } catch (MessageFormatException e) {
                host = "unknown(" + id + ")";
            }
            try {
                Files.writeString(file, now + " " + host + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot append to --store-host-log " + file, e);
            }
            lastHost = id.substring(0, hostLength);
        }
    }

    private static boolean same(String last, String id, int hostLength) {
        return last != null && last.length() == hostLength && id.regionMatches(0, last, 0, hostLength);
    }
}
