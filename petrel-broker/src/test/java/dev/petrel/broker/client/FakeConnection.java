package dev.petrel.broker.client;

import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.Connection;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A connection seam for registry logic tests: records oneway requests and closes. */
final class FakeConnection implements Connection {

    private static final AtomicLong IDS = new AtomicLong();
    final long id = IDS.incrementAndGet();
    final List<RemotingCommand> oneways = new CopyOnWriteArrayList<>();
    volatile boolean active = true;

    @Override
    public long id() {
        return id;
    }

    @Override
    public String remoteAddress() {
        return "127.0.0.1:" + (40000 + id);
    }

    @Override
    public String localAddress() {
        return "127.0.0.1:10911";
    }

    @Override
    public boolean isActive() {
        return active;
    }

    @Override
    public RemotingCommand invokeSync(RemotingCommand request, long timeoutMillis) {
        throw new UnsupportedOperationException();
    }

    @Override
    public CompletableFuture<RemotingCommand> invokeAsync(RemotingCommand request, long timeoutMillis) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void invokeOneway(RemotingCommand request, long timeoutMillis) {
        oneways.add(request);
    }

    @Override
    public void close() {
        active = false;
    }
}
