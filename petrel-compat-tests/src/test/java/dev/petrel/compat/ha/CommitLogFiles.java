package dev.petrel.compat.ha;

import dev.petrel.message.MessageRecordLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * A CommitLog directory of a broker (Apache's or Petrel's; the layout is the same: files named by the 20-digit
 * offset of their first byte, records as message-format.md, a blank marker at the end of a full file), read from
 * outside the process that writes it. Used to compare a master's and a slave's logs byte for byte and to list what a
 * replica stores.
 *
 * <p>Files are preallocated (zero-filled past the data), so where the data ends is found by walking the records from
 * the first file: a record is a positive TOTALSIZE followed by one of the record magics, a blank marker sends the walk
 * to the next file, anything else (zeros) is the end.
 */
final class CommitLogFiles {

    private final Path dir;
    private final List<Path> files;

    private CommitLogFiles(Path dir, List<Path> files) {
        this.dir = dir;
        this.files = files;
    }

    /** The files of {@code dir} in offset order (none if the directory does not exist yet). */
    static CommitLogFiles of(Path dir) {
        if (!Files.isDirectory(dir)) {
            return new CommitLogFiles(dir, List.of());
        }
        try (Stream<Path> list = Files.list(dir)) {
            List<Path> files = list.filter(p -> p.getFileName().toString().matches("\\d{20}"))
                .sorted().toList();
            return new CommitLogFiles(dir, files);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path dir() {
        return dir;
    }

    /** Offset of the first byte of the first file (a slave that started empty begins at its master's last file). */
    long firstOffset() {
        return files.isEmpty() ? 0 : offsetOf(files.get(0));
    }

    /** The end of the last whole record: what the broker's max offset should be once everything is on disk. */
    long dataEnd() {
        return walk(null);
    }

    /** Every record from the first file to the end of the data, decoded with Apache's decoder (bodies included). */
    List<MessageExt> messages() {
        List<MessageExt> out = new ArrayList<>();
        walk(out);
        return out;
    }

    private long walk(List<MessageExt> out) {
        long end = firstOffset();
        for (int i = 0; i < files.size(); i++) {
            long base = offsetOf(files.get(i));
            if (base != end && i > 0) {
                return end; // a gap between files: the data ends before it
            }
            ByteBuffer buf = read(files.get(i));
            int pos = 0;
            boolean fileFull = false;
            while (pos + 8 <= buf.limit()) {
                int size = buf.getInt(pos + MessageRecordLayout.TOTAL_SIZE);
                int magic = buf.getInt(pos + MessageRecordLayout.MAGIC);
                if (magic == MessageRecordLayout.BLANK_MAGIC && size > 0) {
                    fileFull = true;
                    break;
                }
                boolean record = magic == MessageRecordLayout.MAGIC_V1 || magic == MessageRecordLayout.MAGIC_V2;
                if (!record || size < MessageRecordLayout.MIN_RECORD_SIZE || pos + size > buf.limit()) {
                    return base + pos;
                }
                if (out != null) {
                    ByteBuffer one = buf.duplicate().position(pos).limit(pos + size).slice();
                    out.add(MessageDecoder.decode(one, true, true));
                }
                pos += size;
            }
            if (!fileFull) {
                return base + pos;
            }
            end = base + buf.limit();
        }
        return end;
    }

    /**
     * The first offset in {@code [from, to)} where the two logs differ, or -1 when they are equal there. Bytes a log
     * lacks (no file, or a file shorter than the range) count as different from any byte the other has.
     */
    static long firstDifference(CommitLogFiles a, CommitLogFiles b, long from, long to) {
        long at = from;
        while (at < to) {
            Segment sa = a.segmentAt(at);
            Segment sb = b.segmentAt(at);
            if (sa == null || sb == null) {
                return at;
            }
            long segmentEnd = Math.min(to, Math.min(sa.end(), sb.end()));
            int length = (int) (segmentEnd - at);
            ByteBuffer ba = sa.bytes(at, length);
            ByteBuffer bb = sb.bytes(at, length);
            int mismatch = ba.mismatch(bb);
            if (mismatch >= 0) {
                return at + mismatch;
            }
            at = segmentEnd;
        }
        return -1;
    }

    /**
     * A sentence for an assertion message: which file and position {@code offset} is in, and the 16 bytes from there
     * on each side.
     */
    static String describeDifference(CommitLogFiles a, CommitLogFiles b, long offset) {
        return "first differing byte at CommitLog offset " + offset + ": " + a.dir + " has " + a.hexAt(offset) + ", "
            + b.dir + " has " + b.hexAt(offset);
    }

    private String hexAt(long offset) {
        Segment s = segmentAt(offset);
        if (s == null) {
            return "no file for that offset";
        }
        ByteBuffer bytes = s.bytes(offset, (int) Math.min(16, s.end() - offset));
        StringBuilder hex = new StringBuilder(s.file.getFileName() + "@" + (offset - s.base) + " [");
        while (bytes.hasRemaining()) {
            hex.append(String.format("%02x", bytes.get() & 0xff));
        }
        return hex.append(']').toString();
    }

    private Segment segmentAt(long offset) {
        for (Path f : files) {
            long base = offsetOf(f);
            long size = sizeOf(f);
            if (offset >= base && offset < base + size) {
                return new Segment(f, base, base + size);
            }
        }
        return null;
    }

    private record Segment(Path file, long base, long end) {
        ByteBuffer bytes(long offset, int length) {
            ByteBuffer buf = ByteBuffer.allocate(length);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                long pos = offset - base;
                while (buf.hasRemaining()) {
                    if (ch.read(buf, pos + buf.position()) < 0) {
                        break; // shorter than its name and size promised: the rest stays zero
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return buf.flip().limit(length);
        }
    }

    private static ByteBuffer read(Path file) {
        try {
            return ByteBuffer.wrap(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long offsetOf(Path file) {
        return Long.parseLong(file.getFileName().toString());
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
