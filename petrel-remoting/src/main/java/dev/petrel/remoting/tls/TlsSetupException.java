package dev.petrel.remoting.tls;

/** A TLS key, certificate or setting that cannot be used; the message says which file and why. */
public final class TlsSetupException extends Exception {

    private static final long serialVersionUID = 1L;

    public TlsSetupException(String message) {
        super(message);
    }

    public TlsSetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
