package dev.petrel.remoting;

/** The local server or client was shut down; nothing more will be sent or received. */
public final class RemotingClosedException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingClosedException(String message) {
        super(message);
    }
}
