package dev.petrel.remoting;

import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Threads named {@code prefix-N}, so every thread in a dump says whose it is. Any thread may use it (atomic counter). */
final class NamedThreadFactory implements ThreadFactory {

    private final String prefix;
    private final boolean daemon;
    private final boolean nettyThread;
    private final AtomicInteger next = new AtomicInteger(1);

    NamedThreadFactory(String prefix, boolean daemon) {
        this(prefix, daemon, false);
    }

    NamedThreadFactory(String prefix, boolean daemon, boolean nettyThread) {
        this.prefix = prefix;
        this.daemon = daemon;
        this.nettyThread = nettyThread;
    }

    @Override
    public Thread newThread(Runnable task) {
        String name = prefix + "-" + next.getAndIncrement();
        // Netty's own thread class makes its FastThreadLocals (buffer caches, our encode scratch) cheap.
        Thread t = nettyThread ? new FastThreadLocalThread(task, name) : new Thread(task, name);
        t.setDaemon(daemon);
        return t;
    }
}
