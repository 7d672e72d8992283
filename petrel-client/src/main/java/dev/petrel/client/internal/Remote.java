package dev.petrel.client.internal;

import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientException;
import dev.petrel.client.NetworkException;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingException;
import dev.petrel.remoting.RemotingTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The client's calls over {@link RemotingClient}, with remoting failures turned into {@link NetworkException}s and
 * NameServer calls failing over to the next NameServer. Thread-safe.
 */
public final class Remote {

    private final RemotingClient client;
    private final NameServerSelector nameServers;

    public Remote(RemotingClient client, NameServerSelector nameServers) {
        this.client = client;
        this.nameServers = nameServers;
    }

    public NameServerSelector nameServers() {
        return nameServers;
    }

    public RemotingClient remoting() {
        return client;
    }

    /** A sync call; {@code what} names the call in error messages ("pull of ...", "heartbeat"). */
    public RemotingCommand call(String address, RemotingCommand request, long timeoutMillis, String what) {
        try {
            return client.invokeSync(address, request, timeoutMillis);
        } catch (RemotingException e) {
            throw network(address, what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException(what + " to " + address + " was interrupted", e);
        }
    }

    /** An async call; the future fails with a {@link NetworkException} when no answer came. */
    public CompletableFuture<RemotingCommand> callAsync(String address, RemotingCommand request, long timeoutMillis,
                                                        String what) {
        return client.invokeAsync(address, request, timeoutMillis).handle((response, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                throw network(address, what, cause);
            }
            return response;
        });
    }

    public void oneway(String address, RemotingCommand request, long timeoutMillis, String what) {
        try {
            client.invokeOneway(address, request, timeoutMillis);
        } catch (RemotingException e) {
            throw network(address, what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException(what + " to " + address + " was interrupted", e);
        }
    }

    /**
     * A call to the NameServers: the current one first, then the others; a NameServer that does not answer is left
     * for the next. An error code from a NameServer is an answer and is returned, not failed over.
     */
    public RemotingCommand callNameServer(RemotingCommand request, long timeoutMillis, String what) {
        NetworkException last = null;
        for (String address : nameServers.attemptOrder()) {
            try {
                return call(address, request, timeoutMillis, what);
            } catch (NetworkException e) {
                nameServers.failed(address);
                last = e;
            }
        }
        throw new NetworkException(null, last != null && last.isTimeout(), what + " failed: no NameServer of "
            + nameServers.addresses() + " answered; check namesrvAddr and that the NameServers run (last error: "
            + (last == null ? "none" : last.getMessage()) + ")", last);
    }

    /** The response if its code is {@code expected}, else a {@link BrokerException}. */
    public static RemotingCommand expect(RemotingCommand response, int expected, String address, String what) {
        if (response.code() != expected) {
            throw new BrokerException(response.code(), response.remark(), address, what);
        }
        return response;
    }

    static NetworkException network(String address, String what, Throwable cause) {
        if (cause instanceof NetworkException n) {
            return n;
        }
        boolean timeout = cause instanceof RemotingTimeoutException;
        return new NetworkException(address, timeout, what + " to " + address + (timeout ? " timed out: " : " failed: ")
            + cause.getMessage(), cause);
    }
}
