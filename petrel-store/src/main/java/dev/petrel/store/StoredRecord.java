package dev.petrel.store;

import dev.petrel.store.file.SelectedBytes;

import java.nio.ByteBuffer;

/**
 * One stored record handed out as a slice of the mapped CommitLog file (zero-copy). Call {@link #release()} once
 * its bytes have been written or copied.
 *
 * @param queueOffset the ConsumeQueue offset it was found at (-1 when looked up by physical offset)
 * @param tagCode the ConsumeQueue tag slot (0 when looked up by physical offset)
 */
public record StoredRecord(long physicalOffset, int size, long queueOffset, long tagCode, SelectedBytes bytes) {

    public ByteBuffer buffer() {
        return bytes.buffer();
    }

    public byte[] toByteArray() {
        return bytes.toByteArray();
    }

    public void release() {
        bytes.release();
    }
}
