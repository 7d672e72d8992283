package dev.petrel.store.file;

import java.io.IOException;
import java.nio.file.Path;

/** Opens or creates store files; the seam where tests put a file layer that simulates power loss. */
public interface StoreFileFactory {

    /**
     * Opens {@code path}, creating it with {@code size} zero bytes if it does not exist. An existing file must have
     * exactly {@code size} bytes.
     */
    StoreFile open(Path path, int size) throws IOException;

    /** Memory-mapped files: the production implementation. */
    static StoreFileFactory mapped() {
        return MappedStoreFile::open;
    }
}
