package dev.petrel.store.cleanup;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/** How full the store's file system is; a seam so tests can simulate a nearly full disk. */
public interface DiskUsage {

    /** Used fraction (0..1) of the file system holding {@code path}. */
    double usedRatio(Path path);

    /** Bytes still available to this process on the file system holding {@code path}. */
    long usableBytes(Path path);

    /** The real file system. */
    static DiskUsage fileSystem() {
        return new DiskUsage() {
            @Override
            public double usedRatio(Path path) {
                try {
                    FileStore fs = Files.getFileStore(existing(path));
                    long total = fs.getTotalSpace();
                    return total <= 0 ? 0 : (double) (total - fs.getUsableSpace()) / total;
                } catch (IOException e) {
                    return 0;
                }
            }

            @Override
            public long usableBytes(Path path) {
                try {
                    return Files.getFileStore(existing(path)).getUsableSpace();
                } catch (IOException e) {
                    return Long.MAX_VALUE;
                }
            }
        };
    }

    private static Path existing(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        return q == null ? p : q;
    }
}
