package dev.petrel.remoting;

import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingVersion;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@link RequestContext} of one request; the answered flag makes a second answer impossible. Threads: the
 * processor's thread, or whichever thread completes an asynchronous answer; the {@code compareAndSet} on the flag lets
 * exactly one of them answer.
 */
final class DefaultRequestContext implements RequestContext {

    private final NettyConnection connection;
    private final RemotingCommand request;
    private final long receivedNanos;
    private final AtomicBoolean answered = new AtomicBoolean();

    DefaultRequestContext(NettyConnection connection, RemotingCommand request, long receivedNanos) {
        this.connection = connection;
        this.request = request;
        this.receivedNanos = receivedNanos;
    }

    @Override
    public Connection connection() {
        return connection;
    }

    @Override
    public String remoteAddress() {
        return connection.remoteAddress();
    }

    @Override
    public RemotingCommand request() {
        return request;
    }

    @Override
    public LanguageCode language() {
        return request.language();
    }

    @Override
    public int version() {
        return request.version();
    }

    @Override
    public long receivedNanos() {
        return receivedNanos;
    }

    @Override
    public boolean respond(RemotingCommand response) {
        if (request.isOneway() || !answered.compareAndSet(false, true)) {
            return false;
        }
        return connection.writeResponse(asAnswer(response));
    }

    @Override
    public boolean respond(RemotingCommand response, ZeroCopyBody body) {
        if (response.body() != null) {
            body.release();
            throw new IllegalArgumentException("a zero-copy response carries its body in the ZeroCopyBody only");
        }
        if (request.isOneway() || !answered.compareAndSet(false, true)) {
            body.release();
            return false;
        }
        return connection.writeResponse(asAnswer(response), body);
    }

    @Override
    public boolean isAnswered() {
        return request.isOneway() || answered.get();
    }

    /**
     * The response as the wire needs it: this request's opaque and serialize type, the response flag, and Petrel's
     * language and version (clients record the version a broker answers with).
     */
    private RemotingCommand asAnswer(RemotingCommand response) {
        RemotingCommand r = response.withOpaque(request.opaque()).withSerializeType(request.serializeType());
        if (!r.isResponse() || r.language() != LanguageCode.JAVA || r.version() != RemotingVersion.CURRENT) {
            r = r.toBuilder().flag(r.flag() | RemotingCommand.FLAG_RESPONSE).language(LanguageCode.JAVA)
                .version(RemotingVersion.CURRENT).build();
        }
        return r;
    }

    @Override
    public String toString() {
        return "RequestContext[" + EndpointContext.describe(request.code()) + " #" + request.opaque() + " from "
            + remoteAddress() + (answered.get() ? ", answered" : "") + "]";
    }
}
