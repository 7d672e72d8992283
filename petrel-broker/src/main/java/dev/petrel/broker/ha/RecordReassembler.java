package dev.petrel.broker.ha;

import dev.petrel.message.MessageRecordLayout;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The slave's {@link ReplicaSink}: cuts the master's byte stream into whole records before they reach the store.
 * A master's frames (Apache's and Petrel's alike: at most {@code haTransferBatchSize} bytes each) split records
 * anywhere, while the store appends only whole, well-formed records ({@code MessageStore.appendRecords}). So:
 * <ul>
 *   <li>the whole records at the front of a frame are appended at once, straight from the frame's buffer;</li>
 *   <li>a record cut by the frame's end is copied aside ("held back") and completed by the next frames, then
 *   appended alone;</li>
 *   <li>a file's blank end record is appended as soon as its 8-byte header is whole; the filler after it (the rest of
 *   the file, which Apache masters send as it is) is passed on in whatever pieces it arrives, since the store knows
 *   where the file ends.</li>
 * </ul>
 * What the slave reports to its master is {@link #maxOffset()} (what the store holds), never the held-back bytes; the
 * next frame must start at {@link #streamOffset()}. A reconnect drops the held-back bytes: the slave asks again from
 * its max offset. A record header claiming a size outside [{@link MessageRecordLayout#MIN_RECORD_SIZE}, the bytes left
 * in the file] or above {@code maxRecordBytes}, or an unknown magic, is refused before anything is allocated for it;
 * the held-back buffer grows with the bytes that actually arrive.
 *
 * <p>Threading: the HA client thread only.
 */
public final class RecordReassembler implements ReplicaSink {

    /** Where whole records go: the slave's store. */
    public interface Target {
        /** End of the local CommitLog; 0 when empty. */
        long maxOffset();

        /**
         * Appends whole records (a blank end record possibly followed by part of its filler, or filler only) at
         * {@code offset}.
         *
         * @throws IOException refused; nothing was appended
         */
        void append(long offset, ByteBuffer records) throws IOException;
    }

    private static final int HEADER = MessageRecordLayout.END_FILE_MIN_BLANK_LENGTH;
    private static final int INITIAL_HOLD = 4096;

    private final Target target;
    private final int fileSize;
    private final int maxRecordBytes;
    /** Bytes of an unfinished record, from its first byte; position = bytes held. */
    private ByteBuffer held = ByteBuffer.allocate(INITIAL_HOLD);
    /** Offset of {@code held}'s first byte (valid while it holds bytes). */
    private long heldAt;
    /** The total size of the held record once its header is whole, else -1. */
    private int heldSize = -1;
    /** End of the file whose blank filler is still arriving, else -1. */
    private long fillerEnd = -1;
    /** Where the stream stands before the first append into an empty log, else -1. */
    private long emptyStart = -1;

    /**
     * @param maxRecordBytes the largest record accepted from a master (the slave's {@code maxMessageSize} plus the
     *                       record's header and properties room); at most the file size
     */
    public RecordReassembler(Target target, int fileSize, int maxRecordBytes) {
        this.target = target;
        this.fileSize = fileSize;
        this.maxRecordBytes = Math.min(maxRecordBytes, fileSize);
    }

    @Override
    public int fileSize() {
        return fileSize;
    }

    @Override
    public long maxOffset() {
        return target.maxOffset();
    }

    @Override
    public long streamOffset() {
        if (held.position() > 0) {
            return heldAt + held.position();
        }
        long max = target.maxOffset();
        return max == 0 && emptyStart >= 0 ? emptyStart : max;
    }

    /** Bytes received and held back (the start of a record still arriving). */
    public int heldBytes() {
        return held.position();
    }

    @Override
    public void connected() {
        held.clear();
        heldSize = -1;
        emptyStart = -1;
        if (held.capacity() > INITIAL_HOLD) {
            held = ByteBuffer.allocate(INITIAL_HOLD);
        }
        long max = target.maxOffset();
        // After a restart inside a blank filler the store recovers to the file's end, so the filler state only
        // survives a reconnect while the store is still inside it.
        if (fillerEnd <= max) {
            fillerEnd = -1;
        }
    }

    @Override
    public void appendReplicated(long offset, ByteBuffer bytes) throws IOException {
        long at = streamOffset();
        if (at != 0 && offset != at) {
            throw new HaProtocolException("frame at CommitLog offset " + offset + " but the slave's stream is at " + at);
        }
        ByteBuffer b = bytes.slice();
        if (at == 0) {
            emptyStart = offset;
        }
        while (b.hasRemaining()) {
            long pos = streamOffset();
            if (fillerEnd > pos && held.position() == 0) {
                int n = (int) Math.min(b.remaining(), fillerEnd - pos);
                appendSlice(pos, b, n);
                if (pos + n >= fillerEnd) {
                    fillerEnd = -1;
                }
            } else if (held.position() > 0) {
                completeHeld(b);
            } else {
                appendWhole(pos, b);
            }
        }
    }

    /** Appends the whole records (and a blank with its filler) at the front of {@code b}; holds back a cut record. */
    private void appendWhole(long pos, ByteBuffer b) throws IOException {
        int p = 0;
        int limit = b.remaining();
        int base = b.position();
        long fileEnd = pos - pos % fileSize + fileSize;
        while (limit - p >= HEADER) {
            long recordAt = pos + p;
            int room = (int) (fileEnd - recordAt);
            int magic = MessageRecordLayout.magic(b, base + p);
            int size = MessageRecordLayout.totalSize(b, base + p);
            if (magic == MessageRecordLayout.BLANK_MAGIC) {
                checkBlank(recordAt, size, room);
                int n = Math.min(room, limit - p);
                p += n;
                if (n < room) {
                    fillerEnd = fileEnd;
                }
                break; // the file ends here: a frame never crosses it
            }
            checkRecord(recordAt, magic, size, room);
            if (size > limit - p) {
                break;
            }
            p += size;
        }
        if (p > 0) {
            appendSlice(pos, b, p);
        }
        if (b.hasRemaining() && p < limit && fillerEnd < 0) {
            hold(pos + p, b);
        }
    }

    /** Feeds {@code b} into the held record; appends it once whole. */
    private void completeHeld(ByteBuffer b) throws IOException {
        if (heldSize < 0) {
            int need = HEADER - held.position();
            copy(b, Math.min(need, b.remaining()));
            if (held.position() < HEADER) {
                return;
            }
            long fileEnd = heldAt - heldAt % fileSize + fileSize;
            int room = (int) (fileEnd - heldAt);
            int magic = MessageRecordLayout.magic(held, 0);
            int size = MessageRecordLayout.totalSize(held, 0);
            if (magic == MessageRecordLayout.BLANK_MAGIC) {
                checkBlank(heldAt, size, room);
                long at = heldAt;
                appendHeld();
                if (room > HEADER) {
                    fillerEnd = at + room;
                }
                return;
            }
            checkRecord(heldAt, magic, size, room);
            heldSize = size;
        }
        copy(b, Math.min(heldSize - held.position(), b.remaining()));
        if (held.position() == heldSize) {
            appendHeld();
        }
    }

    private void appendHeld() throws IOException {
        ByteBuffer whole = held.duplicate().flip();
        long at = heldAt;
        held.clear();
        heldSize = -1;
        target.append(at, whole);
    }

    private void hold(long at, ByteBuffer b) throws IOException {
        heldAt = at;
        heldSize = -1;
        held.clear();
        int n = b.remaining();
        if (n >= HEADER) {
            heldSize = MessageRecordLayout.totalSize(b, b.position()); // checked by appendWhole
        }
        copy(b, n);
    }

    /** Copies {@code n} bytes of {@code b} into the held buffer, growing it with what arrives (never past the claim). */
    private void copy(ByteBuffer b, int n) {
        if (held.remaining() < n) {
            int want = Math.max(held.position() + n, Math.min(2 * held.capacity(),
                heldSize > 0 ? heldSize : Integer.MAX_VALUE));
            ByteBuffer bigger = ByteBuffer.allocate(want);
            held.flip();
            bigger.put(held);
            held = bigger;
        }
        ByteBuffer part = b.slice(b.position(), n);
        held.put(part);
        b.position(b.position() + n);
    }

    private void appendSlice(long at, ByteBuffer b, int n) throws IOException {
        ByteBuffer part = b.slice(b.position(), n);
        target.append(at, part);
        b.position(b.position() + n);
    }

    private void checkBlank(long at, int size, int room) throws HaProtocolException {
        if (size != room) {
            throw new HaProtocolException("a blank end-of-file record of " + size + " bytes at CommitLog offset " + at
                + " where " + room + " bytes are left in the file; check that master and slave use the same "
                + "mappedFileSizeCommitLog");
        }
    }

    private void checkRecord(long at, int magic, int size, int room) throws HaProtocolException {
        if (magic != MessageRecordLayout.MAGIC_V1 && magic != MessageRecordLayout.MAGIC_V2) {
            throw new HaProtocolException(String.format("no record starts at CommitLog offset %d (magic 0x%08X): the "
                + "master's stream is not a CommitLog in RocketMQ's format", at, magic));
        }
        if (size < MessageRecordLayout.MIN_RECORD_SIZE || size > room || size > maxRecordBytes) {
            throw new HaProtocolException("a record at CommitLog offset " + at + " claims " + size + " bytes (at least "
                + MessageRecordLayout.MIN_RECORD_SIZE + ", at most " + Math.min(room, maxRecordBytes)
                + " here: the bytes left in its file and the slave's limit); raise maxMessageSize on the slave "
                + "if the master's is larger");
        }
    }
}
