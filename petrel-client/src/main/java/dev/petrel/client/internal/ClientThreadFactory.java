package dev.petrel.client.internal;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Daemon threads named {@code prefix-N} (or exactly {@code prefix} for a single-thread owner). Any thread may use it
 * (atomic counter).
 */
public final class ClientThreadFactory implements ThreadFactory {

    private final String prefix;
    private final boolean numbered;
    private final AtomicInteger next = new AtomicInteger(1);

    public ClientThreadFactory(String prefix, boolean numbered) {
        this.prefix = prefix;
        this.numbered = numbered;
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread t = new Thread(task, numbered ? prefix + "-" + next.getAndIncrement() : prefix);
        t.setDaemon(true);
        return t;
    }
}
