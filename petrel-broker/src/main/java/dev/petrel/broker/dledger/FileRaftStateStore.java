package dev.petrel.broker.dledger;

import dev.petrel.raft.RaftStateStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The Raft node's term and vote in one small file ({@link RaftStateLayout}), replaced atomically on every save: write
 * {@code state.tmp}, fsync it, rename it over {@code state}, fsync the directory. A crash at any point leaves either
 * the old or the new state, never a mix, so a restarted node cannot vote twice in one term.
 *
 * <p>A damaged state file stops the node ({@link #load} throws): guessing a term or forgetting a vote could elect two
 * leaders. Threading: called by the Raft loop's thread only.
 */
public final class FileRaftStateStore implements RaftStateStore {

    public static final String FILE_NAME = "state";
    private static final String TEMP_NAME = "state.tmp";

    private final Path dir;
    private final Path file;
    private final Path temp;

    /** @param dir the directory of the file (advised {@code <storePathRootDir>/raft}); created if missing */
    public FileRaftStateStore(Path dir) {
        this.dir = dir;
        this.file = dir.resolve(FILE_NAME);
        this.temp = dir.resolve(TEMP_NAME);
    }

    @Override
    public PersistentState load() {
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(temp); // a save that crashed before its rename: the old state is the saved one
            if (!Files.exists(file)) {
                return PersistentState.INITIAL;
            }
            byte[] bytes = Files.readAllBytes(file);
            try {
                return RaftStateLayout.decode(bytes);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("Raft state file " + file + " is damaged: " + e.getMessage()
                    + ". The node cannot know its term and vote; restore the file, or remove this node's raft directory"
                    + " and let it rejoin empty only if the group still has a quorum without it", e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Raft state file " + file, e);
        }
    }

    @Override
    public void save(PersistentState state) {
        try {
            Files.createDirectories(dir);
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.wrap(RaftStateLayout.encode(state));
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                d.force(true); // the rename itself must survive a power loss
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save Raft state " + state + " to " + file, e);
        }
    }
}
