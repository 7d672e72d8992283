package dev.petrel.remoting;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Netty allocator that records the largest single allocation, growth of an existing buffer included (the
 * cumulation buffer of a frame decoder grows in place). Hands out heap buffers, so it is used with NIO.
 */
final class RecordingAllocator extends AbstractByteBufAllocator {

    final AtomicInteger largest = new AtomicInteger();
    final AtomicLong allocations = new AtomicLong();

    RecordingAllocator() {
        super(false);
    }

    private void record(int size) {
        allocations.incrementAndGet();
        largest.accumulateAndGet(size, Math::max);
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        return new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity) {
            @Override
            protected byte[] allocateArray(int size) {
                record(size);
                return super.allocateArray(size);
            }
        };
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        return newHeapBuffer(initialCapacity, maxCapacity);
    }

    @Override
    public boolean isDirectBufferPooled() {
        return false;
    }
}
