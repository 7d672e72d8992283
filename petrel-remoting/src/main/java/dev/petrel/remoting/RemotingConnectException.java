package dev.petrel.remoting;

/** No connection to the peer could be established ("connect failed to &lt;addr&gt;"). */
public final class RemotingConnectException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingConnectException(String message, Throwable cause) {
        super(message, cause);
    }
}
